export {
  PREVIEW_TOKEN_PARAM,
  PREVIEW_TOKEN_TTL_SECONDS,
  signPreviewToken,
  signedPreviewUrl,
} from '@mason/server-preview';
