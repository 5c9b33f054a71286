import styled from 'styled-components';
import { visuallyHiddenStyles } from './styles';

/** Text for screen readers only. */
export const VisuallyHidden = styled.span`
  ${visuallyHiddenStyles}
`;
