import styled from 'styled-components';

/** The section's plain sentences. */
export { StyledText } from '../shared/plain-text';
export { StyledActions, StyledLoading, StyledStack } from '../shared/section-styles';

export const StyledFieldset = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[2]};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space[2]};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }
`;
