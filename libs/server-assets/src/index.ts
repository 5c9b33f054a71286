// Public API of @mason/server-assets: name every export.
export type {
  AssetFileEdit,
  AssetsConfig,
  AssetsContext,
  AssetVersionsPort,
} from './lib/assets-context';
export { assetsRoutes } from './lib/assets.routes';
export { AssetsService, assetLinkSubject } from './lib/assets.service';
export type { AssetFile, ReceivedAsset } from './lib/assets.service';
