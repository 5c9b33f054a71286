import { assetTypeOf, type Asset, type AssetKind } from '@mason/contract';

const KIND_WORDS: Record<AssetKind, string> = {
  image: 'image',
  font: 'font',
  audio: 'sound',
  video: 'video',
  document: 'document',
  data: 'data file',
};

/** What an asset is, in words: "PNG image", "WOFF2 font". */
export function describeAsset(asset: Pick<Asset, 'fileName' | 'path'>): string {
  const extension = asset.fileName.slice(asset.fileName.lastIndexOf('.') + 1).toUpperCase();
  const kind = assetTypeOf(asset.path)?.kind;
  return kind ? `${extension} ${KIND_WORDS[kind]}` : extension;
}

/** True when the asset can be shown as a thumbnail. */
export const isImageAsset = (asset: Pick<Asset, 'path'>) =>
  assetTypeOf(asset.path)?.kind === 'image';
