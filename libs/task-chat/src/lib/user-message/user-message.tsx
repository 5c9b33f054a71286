import styled from 'styled-components';
import type { TaskLogOf } from '@mason/contract';
import { FileIcon } from '@mason/ui-kit';
import { StyledBubble, StyledMono, StyledPlainText } from '../entry-looks/entry-looks';

const StyledImages = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: ${({ theme }) => `${theme.space[2]} 0 0`};
  padding: 0;
  list-style: none;

  img {
    display: block;
    max-width: 160px;
    max-height: 120px;
    border-radius: ${({ theme }) => theme.radii.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    object-fit: cover;
  }
`;

const StyledChips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[1.5]};
  margin: ${({ theme }) => `${theme.space[2]} 0 0`};
  padding: 0;
  list-style: none;

  li {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space[1]};
    max-width: 100%;
    padding: ${({ theme }) => `${theme.space[0.5]} ${theme.space[2]}`};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.full};
    font-size: ${({ theme }) => theme.typography.fontSizes.xs};
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
`;

export interface UserMessageProps {
  log: TaskLogOf<'USER_MESSAGE'>;
}

/** The person's message: its text, and the images, files and elements of the preview it carries. */
export function UserMessage({ log }: UserMessageProps) {
  const { images, staticFiles, selectedComponents } = log.payload;
  return (
    <StyledBubble $own aria-label="Your message">
      <StyledPlainText>{log.content}</StyledPlainText>
      {images.length > 0 && (
        <StyledImages aria-label="Attached images">
          {images.map((image, index) => (
            <li key={image.url}>
              <img src={image.url} alt={`Attached image ${index + 1}`} loading="lazy" />
            </li>
          ))}
        </StyledImages>
      )}
      {staticFiles.length > 0 && (
        <StyledChips aria-label="Attached files">
          {staticFiles.map((file) => (
            <li key={file.id}>
              <FileIcon size={12} />
              <StyledMono>{file.fileName}</StyledMono>
            </li>
          ))}
        </StyledChips>
      )}
      {selectedComponents.length > 0 && (
        <StyledChips aria-label="Selected elements">
          {selectedComponents.map((component) => (
            <li
              key={`${component.filePath}:${component.line ?? ''}:${component.componentName}`}
              title={`${component.filePath}${component.line ? `:${component.line}` : ''}`}
            >
              <StyledMono>{`<${component.componentName}>`}</StyledMono>
              <span>in {component.filePath}</span>
            </li>
          ))}
        </StyledChips>
      )}
    </StyledBubble>
  );
}
