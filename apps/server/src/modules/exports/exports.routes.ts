import {
  ExportLimits,
  exportEndpoints as endpoints,
  exportMessages,
} from '@teamup/contracts/exports';
import { ErrorCode } from '@teamup/contracts/error-codes';
import type { AppContext } from '../../context';
import { AppError } from '../../platform/errors/app-error';
import { routesFor } from '../../platform/http/define-route';
import { singleFileField } from '../../platform/http/multipart';
import { originOf } from '../../platform/http/request-origin';
import type { Guard, TypedApp } from '../../platform/http/types';
import { contentDisposition } from '../../platform/storage/uploads';
import { requireOwner } from '../workspaces/membership.service';
import * as exportsService from './exports.service';

/** Data out and in (issue 46): exports built by a job, their download, a workspace's import. */
export async function exportRoutes(app: TypedApp, ctx: AppContext, requireAuth: Guard) {
  const route = routesFor(app, requireAuth, 'exports');

  route(
    endpoints.exportWorkspace,
    ({ userId, params, request }) =>
      exportsService.requestWorkspaceExport(ctx, userId, params.id, originOf(request)),
    {
      access: ({ params, userId }) => requireOwner(ctx, params.id, userId),
      message: exportMessages.started,
    },
  );
  route(
    endpoints.exportMine,
    ({ userId, request }) => exportsService.requestPersonalExport(ctx, userId, originOf(request)),
    { message: exportMessages.started },
  );
  route(endpoints.list, ({ userId }) => exportsService.listExports(ctx, userId));
  route(
    endpoints.download,
    async ({ userId, params, reply }) => {
      const file = await exportsService.openDownload(ctx, userId, params.id);
      await reply
        .type('application/zip')
        .header('Content-Length', String(file.size))
        .header('Content-Disposition', contentDisposition('attachment', file.fileName))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
    {
      answers: {
        200: {
          description: 'The export as a zip',
          content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } },
        },
      },
    },
  );
  route(
    endpoints.importWorkspace,
    async ({ userId, request }) => {
      const file = await singleFileField(request, ExportLimits.importMaxBytes, {
        missingMessage: exportMessages.importInvalid,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of file.stream) {
        size += (chunk as Buffer).length;
        if (size > ExportLimits.importMaxBytes) {
          file.stream.resume();
          throw new AppError(413, ErrorCode.PAYLOAD_TOO_LARGE, exportMessages.importTooLarge);
        }
        chunks.push(chunk as Buffer);
      }
      return exportsService.importWorkspace(ctx, userId, Buffer.concat(chunks), originOf(request));
    },
    {
      consumes: ['multipart/form-data'],
      message: '워크스페이스를 가져왔습니다.',
    },
  );
}
