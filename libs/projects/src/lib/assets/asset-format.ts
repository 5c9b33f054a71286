import { assetTypeOf, type Asset, type AssetKind } from '@mason/contract';

const KIND_WORDS: Record<AssetKind, string> = {
  image: 'image',
  font: 'font',
  audio: 'sound',
  video: 'video',
  document: 'document',
  data: 'data file',
};

/** "512 B", "2 KB", "1.2 MB". */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const megabytes = bytes / (1024 * 1024);
  return `${megabytes >= 10 ? Math.round(megabytes) : megabytes.toFixed(1)} MB`;
}

/** What an asset is, in words: "PNG image", "WOFF2 font". */
export function describeAsset(asset: Pick<Asset, 'fileName' | 'path'>): string {
  const extension = asset.fileName.slice(asset.fileName.lastIndexOf('.') + 1).toUpperCase();
  const kind = assetTypeOf(asset.path)?.kind;
  return kind ? `${extension} ${KIND_WORDS[kind]}` : extension;
}

/** True when the asset can be shown as a thumbnail. */
export const isImageAsset = (asset: Pick<Asset, 'path'>) =>
  assetTypeOf(asset.path)?.kind === 'image';
