import styled from 'styled-components';
import { Button, CloseIcon, FileIcon, Spinner, VisuallyHidden } from '@mason/ui-kit';
import type { Attachment } from './use-attachments';

// The chips above the message box: the files and images attached, the elements picked in the preview.

export const StyledPreviews = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space[2]};
  margin: 0;
  padding: 0;
  list-style: none;
`;

export const StyledPreview = styled.li<{ $failed: boolean }>`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  max-width: 100%;
  padding: ${({ theme }) => theme.space[1]};
  padding-left: ${({ theme }) => theme.space[2]};
  border: 1px solid
    ${({ theme, $failed }) => ($failed ? theme.colors.destructiveText : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};

  img {
    width: 32px;
    height: 32px;
    border-radius: ${({ theme }) => theme.radii.sm};
    object-fit: cover;
  }
`;

export const StyledPreviewText = styled.span`
  display: flex;
  flex-direction: column;
  min-width: 0;
  max-width: 14rem;

  span {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  small {
    color: ${({ theme }) => theme.colors.destructiveText};
  }
  small[data-note] {
    color: ${({ theme }) => theme.colors.mutedForeground};
  }
`;

/** An attached file or image: its thumbnail or icon, its name, why it failed or what changed, and Remove. */
export function AttachmentPreview({
  item,
  onRemove,
}: {
  item: Attachment;
  onRemove: (id: string) => void;
}) {
  const failed = item.status === 'failed';
  return (
    <StyledPreview $failed={failed}>
      {item.previewUrl ? (
        <img src={item.previewUrl} alt="" />
      ) : item.status === 'preparing' ? (
        <Spinner size="xs" decorative />
      ) : (
        <FileIcon size={14} />
      )}
      <StyledPreviewText>
        <span title={item.name}>{item.name}</span>
        {failed && <small>{item.error}</small>}
        {item.note && <small data-note>{item.note}</small>}
        {item.status === 'preparing' && (
          <VisuallyHidden>{item.mode === 'UPLOAD' ? 'Uploading' : 'Preparing'}</VisuallyHidden>
        )}
      </StyledPreviewText>
      <Button
        variant="ghost"
        size="icon-sm"
        aria-label={`Remove ${item.name}`}
        onClick={() => onRemove(item.id)}
      >
        <CloseIcon size={12} />
      </Button>
    </StyledPreview>
  );
}
