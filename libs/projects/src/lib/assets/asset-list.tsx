import { useState } from 'react';
import styled from 'styled-components';
import { copyableValue } from '../styles/surfaces';
import type { Asset } from '@mason/contract';
import { useDeleteProjectAssetMutation, useGetProjectAssetsQuery } from '@mason/api-client';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  FileIcon,
  formatBytes,
  ImageIcon,
  TrashIcon,
  focusRingStyles,
} from '@mason/ui-kit';
import { LoadingBlock } from '../loading-block/loading-block';
import { describeAsset, isImageAsset } from './asset-format';
import { CopyPathButton } from './copy-path-button';

const StyledGrid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 15rem), 1fr));
`;

const StyledCard = styled.li`
  display: flex;
  flex-direction: column;
  min-width: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.card};
  overflow: hidden;
`;

/** A checkerboard under the thumbnail, so transparent images show as transparent. */
const StyledThumbnail = styled.div`
  position: relative;
  aspect-ratio: 16 / 10;
  display: flex;
  align-items: center;
  justify-content: center;
  color: ${({ theme }) => theme.colors.mutedForeground};
  background-color: ${({ theme }) => theme.colors.muted};
  background-image:
    linear-gradient(45deg, ${({ theme }) => theme.colors.background} 25%, transparent 25%),
    linear-gradient(-45deg, ${({ theme }) => theme.colors.background} 25%, transparent 25%),
    linear-gradient(45deg, transparent 75%, ${({ theme }) => theme.colors.background} 75%),
    linear-gradient(-45deg, transparent 75%, ${({ theme }) => theme.colors.background} 75%);
  background-size: 16px 16px;
  background-position:
    0 0,
    0 8px,
    8px -8px,
    -8px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};

  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    object-fit: contain;
  }
`;

const StyledBody = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space[2]};
  padding: ${({ theme }) => theme.space[3]};
`;

const StyledTitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledName = styled.h3`
  margin: 0;
  min-width: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.sm};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
  overflow-wrap: anywhere;
`;

const StyledMeta = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.mutedForeground};
`;

const StyledPathRow = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space[2]};
`;

const StyledPath = styled.code`
  ${copyableValue}
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};

  &:focus-visible {
    ${focusRingStyles}
  }
`;

const StyledCopyHint = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.xs};
  color: ${({ theme }) => theme.colors.destructiveText};
`;

function Thumbnail({ asset }: { asset: Asset }) {
  const [failed, setFailed] = useState(false);
  const image = isImageAsset(asset) && !failed;
  return (
    <StyledThumbnail>
      {image ? (
        <img
          src={asset.previewUrl}
          alt={`Preview of ${asset.fileName}`}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      ) : isImageAsset(asset) ? (
        <ImageIcon size={32} aria-hidden="true" />
      ) : (
        <FileIcon size={32} aria-hidden="true" />
      )}
    </StyledThumbnail>
  );
}

function AssetCard({ asset, onDelete }: { asset: Asset; onDelete: (asset: Asset) => void }) {
  const [copyFailed, setCopyFailed] = useState(false);
  const nameId = `asset-name-${asset.id}`;
  return (
    <StyledCard aria-labelledby={nameId}>
      <Thumbnail asset={asset} />
      <StyledBody>
        <StyledTitleRow>
          <div>
            <StyledName id={nameId}>{asset.fileName}</StyledName>
            <StyledMeta>
              {describeAsset(asset)} · {formatBytes(asset.size)}
            </StyledMeta>
          </div>
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Delete ${asset.fileName}`}
            onClick={() => onDelete(asset)}
          >
            <TrashIcon size={16} />
          </Button>
        </StyledTitleRow>
        <StyledPathRow>
          <StyledPath tabIndex={copyFailed ? 0 : undefined} title="The path to use in code">
            {asset.url}
          </StyledPath>
          <CopyPathButton text={asset.url} onFailed={() => setCopyFailed(true)} />
        </StyledPathRow>
        {copyFailed && (
          <StyledCopyHint role="alert">
            The path could not be copied: select it and copy it yourself.
          </StyledCopyHint>
        )}
      </StyledBody>
    </StyledCard>
  );
}

export interface AssetListProps {
  projectId: string;
}

/** The project's assets: a thumbnail (or the kind's icon), name, kind, size, the path to copy, delete. */
export function AssetList({ projectId }: AssetListProps) {
  const { data, isLoading, isError, isFetching, refetch } = useGetProjectAssetsQuery(projectId);
  const [deleteAsset, deletion] = useDeleteProjectAssetMutation();
  const [deleting, setDeleting] = useState<Asset | null>(null);

  const confirmDelete = async () => {
    if (!deleting) return;
    // A failure is toasted by the API's error listener; the dialog closes either way.
    await deleteAsset({ projectId, assetId: deleting.id })
      .unwrap()
      .catch(() => undefined);
    setDeleting(null);
  };

  if (isLoading) return <LoadingBlock label="Loading the assets" />;
  if (isError && !data) {
    return (
      <EmptyState
        bordered
        title="The assets could not be loaded"
        description="Check your connection, then try again."
        action={
          <Button onClick={() => void refetch()} loading={isFetching} loadingText="Trying again…">
            Try again
          </Button>
        }
      />
    );
  }
  const assets = data?.assets ?? [];
  if (assets.length === 0) {
    return (
      <EmptyState
        bordered
        icon={<ImageIcon />}
        title="No assets yet"
        description="Upload a logo, photos or fonts above. Then use each in the app by its path, or ask the assistant to."
      />
    );
  }
  return (
    <>
      <StyledGrid aria-label="Assets">
        {assets.map((asset) => (
          <AssetCard key={asset.id} asset={asset} onDelete={setDeleting} />
        ))}
      </StyledGrid>
      <ConfirmDialog
        open={deleting !== null}
        variant="destructive"
        title={`Delete ${deleting?.fileName ?? 'this asset'}?`}
        description={`It leaves the app in a new version, and code that uses ${deleting?.url ?? 'its path'} shows nothing there any more. An earlier version still has it.`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        busy={deletion.isLoading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
