import {
  projectCallRoutes,
  projectExtraCallRoutes,
  ASSET_UPLOAD_FIELD,
  STATIC_FILES_UPLOAD_FIELD,
  type Asset,
  type StaticFilesUploadResponse,
} from '@mason/contract';
import { type ApiBuilder, baseApi, whenOk } from '../api';
import { callRequest } from '../call-request';
import { versionChanged } from '../tags';

/** A file to upload: a File from an <input type="file">, or a Blob with a name. */
export interface UploadFile {
  readonly blob: Blob;
  readonly fileName: string;
}

const toUploadFile = (file: Blob | UploadFile): UploadFile =>
  'blob' in file
    ? file
    : {
        blob: file,
        fileName: 'name' in file && typeof file.name === 'string' ? file.name : 'file',
      };

/** Multipart uploads (SPEC.md 7 assets, field `file`; static files, field `files`). */
export const uploadsEndpoints = (build: ApiBuilder) => ({
  /** POST /projects/:id/assets (multipart, field `file`): answers the Asset, in a new version. */
  uploadProjectAsset: build.mutation<
    Asset,
    { readonly projectId: string; readonly file: Blob | UploadFile }
  >({
    query: ({ projectId, file }) => {
      const { blob, fileName } = toUploadFile(file);
      const body = new FormData();
      body.append(ASSET_UPLOAD_FIELD, blob, fileName);
      return callRequest(projectExtraCallRoutes.uploadProjectAsset, {
        params: { id: projectId },
        body,
      });
    },
    invalidatesTags: whenOk(({ projectId }) => [
      { type: 'Asset', id: projectId },
      ...versionChanged(projectId),
    ]),
  }),
  /**
   * POST /projects/:id/static-files (multipart, field `files` repeated): answers the files with
   * their ids, which go into a task's or a message's `staticFiles`.
   */
  uploadStaticFiles: build.mutation<
    StaticFilesUploadResponse,
    { readonly projectId: string; readonly files: ReadonlyArray<Blob | UploadFile> }
  >({
    query: ({ projectId, files }) => {
      const body = new FormData();
      for (const file of files) {
        const { blob, fileName } = toUploadFile(file);
        body.append(STATIC_FILES_UPLOAD_FIELD, blob, fileName);
      }
      return callRequest(projectCallRoutes.uploadStaticFiles, { params: { id: projectId }, body });
    },
  }),
});

/** The uploads endpoints, injected into the one API slice when this module loads (code splitting). */
export const uploadsApi = baseApi.injectEndpoints({ endpoints: uploadsEndpoints });

export const { useUploadProjectAssetMutation, useUploadStaticFilesMutation } = uploadsApi;
