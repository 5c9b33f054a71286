import { useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import styled, { keyframes } from 'styled-components';
import { ASSET_ACCEPT, ASSET_MAX_BYTES, assetName } from '@mason/contract';
import {
  isApiError,
  useGetProjectAssetsQuery,
  useUploadProjectAssetMutation,
} from '@mason/api-client';
import { Alert, Button, formatBytes, ImageIcon, visuallyHiddenStyles } from '@mason/ui-kit';

const MAX_MB = Math.round(ASSET_MAX_BYTES / 1024 / 1024);

const StyledZone = styled.section<{ $dragging: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => `${theme.space[8]} ${theme.space[4]}`};
  border: 2px dashed
    ${({ theme, $dragging }) => ($dragging ? theme.colors.ring : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme, $dragging }) => ($dragging ? theme.colors.accent : 'transparent')};
  text-align: center;
  transition: background-color ${({ theme }) => theme.motion.durations.fast};
`;

const StyledIcon = styled.span`
  display: inline-flex;
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledTitle = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.md};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledHint = styled.p`
  margin: 0;
  max-width: 36rem;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledInput = styled.input`
  ${visuallyHiddenStyles}
`;

const StyledMessages = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[3]};
`;

const StyledList = styled.ul`
  margin: 0;
  padding-left: ${({ theme }) => theme.space[4]};
`;

const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

const StyledProgress = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
`;

const StyledTrack = styled.div`
  position: relative;
  height: 6px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.muted};
  overflow: hidden;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    width: 40%;
    border-radius: inherit;
    background: ${({ theme }) => theme.colors.primary};
    animation: ${slide} 1.2s ease-in-out infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    &::after {
      width: 100%;
      opacity: 0.5;
      animation: none;
    }
  }
`;

const StyledWaiting = styled.span`
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

/** Why a picked file is not sent, or null when it may be: the server's rules, checked first here. */
function problemBeforeSending(file: File): string | null {
  const named = assetName(file.name);
  if (!named.ok) return named.message;
  if (file.size === 0) return `${file.name} is empty: choose a file with content.`;
  if (file.size > ASSET_MAX_BYTES) {
    return `${file.name} is ${formatBytes(file.size)}, larger than ${MAX_MB} MB, the most one asset may hold. Make it smaller (compress the image, or use WOFF2 for fonts), then upload it again.`;
  }
  return null;
}

/** What a failed upload tells the person: the server's own words, except for a bare 400. */
function problemFromServer(fileName: string, error: unknown): string {
  if (!isApiError(error)) return `${fileName} could not be uploaded. Try again.`;
  if (error.status === 400)
    return `${fileName} could not be uploaded: its name or content was not accepted. Rename it, then try again.`;
  return error.message;
}

export interface AssetUploadZoneProps {
  projectId: string;
}

interface Uploading {
  name: string;
  size: number;
}

/**
 * Uploads files as assets: a button and a drop zone. Files go one after another, each checked
 * against the contract's rules first (name, kind, size), with progress while one is sent and, after,
 * what happened to each: added (and the path to use), replaced, or why not.
 */
export function AssetUploadZone({ projectId }: AssetUploadZoneProps) {
  const titleId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [upload] = useUploadProjectAssetMutation();
  const { data } = useGetProjectAssetsQuery(projectId);
  const [current, setCurrent] = useState<Uploading | null>(null);
  const [waiting, setWaiting] = useState(0);
  const [problems, setProblems] = useState<string[]>([]);
  const [done, setDone] = useState<string[]>([]);
  const [dragging, setDragging] = useState(false);
  const queue = useRef<File[]>([]);
  const running = useRef(false);
  const dragDepth = useRef(0);
  const known = useRef<ReadonlySet<string>>(new Set());
  known.current = new Set((data?.assets ?? []).map((asset) => asset.fileName));

  const drain = async () => {
    if (running.current) return;
    running.current = true;
    for (let file = queue.current.shift(); file; file = queue.current.shift()) {
      setWaiting(queue.current.length);
      setCurrent({ name: file.name, size: file.size });
      const named = assetName(file.name);
      const replacing = named.ok && known.current.has(named.fileName);
      try {
        const asset = await upload({ projectId, file }).unwrap();
        const as = asset.fileName === file.name ? '' : ` as ${asset.fileName}`;
        setDone((lines) => [
          ...lines,
          `${replacing ? 'Replaced' : 'Added'} ${file.name}${as}. Use it in code as ${asset.url}`,
        ]);
      } catch (error) {
        setProblems((lines) => [...lines, problemFromServer(file.name, error)]);
      }
    }
    setCurrent(null);
    setWaiting(0);
    running.current = false;
  };

  const take = (files: readonly File[]) => {
    if (files.length === 0) return;
    // A new choice starts a new report, unless files are still going up.
    if (!running.current) {
      setProblems([]);
      setDone([]);
    }
    const refused: string[] = [];
    for (const file of files) {
      const problem = problemBeforeSending(file);
      if (problem) refused.push(problem);
      else queue.current.push(file);
    }
    if (refused.length > 0) setProblems((lines) => [...lines, ...refused]);
    setWaiting(queue.current.length);
    void drain();
  };

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    take(Array.from(event.target.files ?? []));
    // The same file may be picked again (after renaming it, say).
    event.target.value = '';
  };

  const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer.types).includes('Files');
  const onDragEnter = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    dragDepth.current += 1;
    setDragging(true);
  };
  const onDragOver = (event: DragEvent) => {
    if (!hasFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
  };
  const onDragLeave = () => {
    dragDepth.current = Math.max(0, dragDepth.current - 1);
    if (dragDepth.current === 0) setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    take(Array.from(event.dataTransfer.files));
  };

  return (
    <StyledMessages>
      <StyledZone
        aria-labelledby={titleId}
        $dragging={dragging}
        onDragEnter={onDragEnter}
        onDragOver={onDragOver}
        onDragLeave={onDragLeave}
        onDrop={onDrop}
      >
        <StyledIcon>
          <ImageIcon size={28} aria-hidden="true" />
        </StyledIcon>
        <StyledTitle id={titleId}>
          {dragging ? 'Drop the files to upload them' : 'Upload assets'}
        </StyledTitle>
        <StyledHint>
          Drag files here, or choose them. Images (PNG, JPG, GIF, WEBP, AVIF, SVG, ICO), fonts
          (WOFF2, WOFF, TTF, OTF), sound, video, PDF, TXT, CSV and JSON, up to {MAX_MB} MB each. A
          file with the name of an asset replaces it.
        </StyledHint>
        <StyledInput
          ref={inputRef}
          type="file"
          multiple
          accept={ASSET_ACCEPT}
          aria-label="Files to upload"
          tabIndex={-1}
          onChange={onPick}
        />
        <Button onClick={() => inputRef.current?.click()}>Choose files</Button>
      </StyledZone>

      {current && (
        <StyledProgress>
          <span>
            Uploading {current.name} ({formatBytes(current.size)})…
            {waiting > 0 && <StyledWaiting> {waiting} more waiting.</StyledWaiting>}
          </span>
          <StyledTrack role="progressbar" aria-label={`Uploading ${current.name}`} />
        </StyledProgress>
      )}
      {problems.length > 0 && (
        <Alert
          tone="error"
          title={problems.length === 1 ? 'Not uploaded' : 'Some files were not uploaded'}
        >
          {problems.length === 1 ? (
            problems[0]
          ) : (
            <StyledList>
              {problems.map((problem, index) => (
                <li key={index}>{problem}</li>
              ))}
            </StyledList>
          )}
        </Alert>
      )}
      {done.length > 0 && (
        <Alert tone="success">
          {done.length === 1 ? (
            done[0]
          ) : (
            <StyledList>
              {done.map((line, index) => (
                <li key={index}>{line}</li>
              ))}
            </StyledList>
          )}
        </Alert>
      )}
    </StyledMessages>
  );
}
