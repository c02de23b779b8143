import {
  NETWORK_LIMITS,
  NETWORK_MSG,
  NETWORK_UPLOAD_MSG,
  ZNetworkDataInput,
  ZNetworkExportQuery,
  ZNetworkMetricsInput,
  ZNetworkShare,
  ZNetworkSummary,
  ZNetworkUploadErrorPayload,
  ZNetworkUploadFields,
} from '@tieline/validation';
import express from 'express';
import { z } from 'zod';
import type { Deps } from '../deps';
import { AppError, zodMessage } from '../errors';
import { type MultipartProblem, readMultipart } from '../http/multipart';
import { networkTemplate } from '../services/networks/formats';
import { exportNetwork, uploadNetwork } from '../services/networks/network-files';
import { networkMetricsState } from '../services/networks/network-metrics';
import { networkDataText } from '../services/networks/read-networks';
import { uploadShares } from '../services/networks/upload-shares';
import { restCaller } from './caller';
import { sendFile } from './download';
import { errorWith, file, restOperation, text, uuid } from './openapi-paths';
import { idParam } from './params';

/** This feature's routes that take multipart/form-data (http/guards.ts admits it there and nowhere else). */
export const NETWORK_MULTIPART_ROUTES = [/^\/base\/networks\/?$/, /^\/base\/networks\/[^/]+\/users\/upload\/?$/];

const UPLOAD_FIELDS = ['name', 'fileType', 'directed'] as const;

/** A network upload form refused: past the size limit with the size payload (body possibly unread), else 400. */
const refuseForm = (problem: MultipartProblem) =>
  problem === 'tooLarge'
    ? new AppError('PAYLOAD_TOO_LARGE', NETWORK_UPLOAD_MSG.fileTooLarge, {
        body: { type: 'size', message: NETWORK_UPLOAD_MSG.fileTooLarge, problems: [] },
        closeConnection: true,
      })
    : new AppError('BAD_REQUEST', NETWORK_MSG.failed);

/** Express routes of the networks feature that JSON bridges cannot carry, mounted under /api/base. */
export function networksRest(deps: Deps): express.Router {
  const routes = express.Router();
  const signedIn = restCaller(deps);

  // POST /api/base/networks (multipart: name, fileType, directed, file)
  routes.post('/networks', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'networks' });
    const form = await readMultipart(req, {
      maxFileBytes: NETWORK_LIMITS.maxFileBytes,
      fields: UPLOAD_FIELDS,
      fileField: 'file',
      refuse: refuseForm,
    });
    const fields = ZNetworkUploadFields.safeParse(form.fields);
    if (!fields.success) throw new AppError('BAD_REQUEST', zodMessage(fields.error));
    if (!form.file) throw new AppError('BAD_REQUEST', NETWORK_UPLOAD_MSG.fileEmpty);
    res.json(await uploadNetwork(deps, caller, { ...fields.data, bytes: form.file.bytes }));
  });

  // GET /api/base/networks/templates/:fileType: public, only headings and two example rows.
  routes.get('/networks/templates/:fileType', async (req, res) => {
    const fileType = String(req.params.fileType);
    if (!['excel', 'gexf', 'graphml', 'json'].includes(fileType)) {
      throw new AppError('NOT_FOUND', NETWORK_UPLOAD_MSG.unknownFileType);
    }
    const file = await networkTemplate(fileType as 'excel');
    sendFile(res, { ...file, fileName: `Network_Template.${file.extension}` }, 'public, max-age=3600');
  });

  // GET /api/base/networks/:id/export/:fileType?layer=&groupAttribute=&metrics=: 202 { state, progress }
  // while the metrics compute (as /metrics), then the file; a page polls it, a link with metrics=false
  // downloads the network alone by navigation (session cookie).
  routes.get('/networks/:id/export/:fileType', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'networks', byShare: true });
    const input = metricsQuery(ZNetworkExportQuery, { ...req.query, id: req.params.id });
    const answer = await exportNetwork(deps, caller, { ...input, fileType: String(req.params.fileType) });
    if (answer.state === 'file') return sendFile(res, answer.file, 'private, no-store');
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(202).json(answer);
  });

  // GET /api/base/networks/:id/data?version=: { network, data }, as the networks.data procedure documents
  // it (its meta), with the document sent as stored: read and written again through the bridge, 250,000
  // ties held the server's thread ~2 s. Mounted before the bridge, which therefore never answers it.
  routes.get('/networks/:id/data', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'networks', byShare: true });
    const input = metricsQuery(ZNetworkDataInput, { ...req.query, id: req.params.id });
    const { network, json } = await networkDataText(deps, caller, input);
    // end, not send: send would hash the whole body for an ETag first.
    res.type('application/json').end(`{"network":${JSON.stringify(network)},"data":${json}}`);
  });

  // GET /api/base/networks/:id/metrics?layer=&groupAttribute=&version=: 202 { state, progress } while the job
  // computes, then 200 { network, nodes, ona }.
  routes.get('/networks/:id/metrics', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'networks', byShare: true });
    const input = metricsQuery(ZNetworkMetricsInput, { ...req.query, id: req.params.id });
    const state = await networkMetricsState(deps, caller, input);
    res.setHeader('Cache-Control', 'private, no-store');
    if (state.state === 'done') return res.json(state.metrics);
    res.status(202).json(state);
  });

  // POST /api/base/networks/:id/users/upload (multipart: file with Name, Email, Permission columns)
  routes.post('/networks/:id/users/upload', async (req, res) => {
    const caller = await signedIn(req, res, { module: 'networks' });
    const id = idParam(req.params.id, NETWORK_MSG.notFound);
    const limits = { maxFileBytes: 2 * 1024 * 1024, fields: [], fileField: 'file', refuse: refuseForm };
    const form = await readMultipart(req, limits);
    if (!form.file) throw new AppError('BAD_REQUEST', NETWORK_UPLOAD_MSG.fileEmpty);
    res.json(await uploadShares(deps, caller, { id, bytes: form.file.bytes }));
  });
  return routes;
}

/** The query of /data, /metrics and /export: a bad id is 404 (as an unknown one), anything else 400. */
function metricsQuery<S extends typeof ZNetworkDataInput | typeof ZNetworkMetricsInput | typeof ZNetworkExportQuery>(
  schema: S,
  raw: Record<string, unknown>,
): z.output<S> {
  const input = schema.safeParse(raw);
  if (input.success) return input.data as z.output<S>;
  throw input.error.issues.some((i) => i.path[0] === 'id')
    ? new AppError('NOT_FOUND', NETWORK_MSG.notFound)
    : new AppError('BAD_REQUEST', zodMessage(input.error));
}

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { target: 'openapi-3.0', io: 'output' });
const refused = (description: string) => errorWith(description, json(ZNetworkUploadErrorPayload));
const FILE_TYPE = text('excel, gexf, graphml or json', { enum: ['excel', 'gexf', 'graphml', 'json'] });
const NETWORK_ID = { id: uuid('The network') };
const METRICS_QUERY = {
  layer: { type: 'integer', description: 'A layer index (all layers when absent)' } as never,
  groupAttribute: text('A category node attribute to group by (ONA roles)'),
  metrics: text("'false': the network alone, without metric columns", { enum: ['true', 'false'] }),
};
/** A 202 answer's body while a job computes (the metrics, the stability of rankings). */
export const COMPUTING = {
  description: 'Computing the metrics: { state, progress, position? }',
  json: {
    type: 'object',
    required: ['state', 'progress'],
    properties: {
      state: { type: 'string', enum: ['queued', 'running'] },
      progress: { type: 'number' },
      position: { type: 'integer', description: 'Queued: the place in line for an analysis slot (1 = next)' },
    },
  },
};

/** The OpenAPI operations of these routes (openapi.ts merges them: multipart and bytes are outside the bridge). */
export const NETWORKS_REST_PATHS = {
  '/networks': {
    post: restOperation({
      id: 'networks-upload',
      summary: 'Upload a network file (Excel, GEXF, GraphML or JSON: docs/networks.md)',
      tags: ['networks'],
      signedIn: true,
      multipart: {
        fields: {
          name: text('The network name'),
          fileType: FILE_TYPE,
          directed: text("'true' or 'false'", { enum: ['true', 'false'] }),
          file: file('The network file'),
        },
        required: ['name', 'fileType', 'directed', 'file'],
      },
      ok: { 200: { description: 'The new network', json: json(ZNetworkSummary) } },
      errors: {
        400: refused('The file or a field refused: every problem with its place (sheet, row, line, path)'),
        401: 'Authorization not provided',
        403: 'The networks module is off',
        413: refused('Past the size limits'),
      },
    }),
  },
  '/networks/templates/{fileType}': {
    get: restOperation({
      id: 'networks-template',
      summary: 'A template network file to fill in (public)',
      tags: ['networks'],
      signedIn: false,
      path: { fileType: FILE_TYPE },
      ok: { 200: { description: 'The template file', contentType: 'application/octet-stream' } },
      errors: { 404: 'Unknown file type' },
    }),
  },
  '/networks/{id}/export/{fileType}': {
    get: restOperation({
      id: 'networks-export',
      summary: 'A network as a file of the type asked for, with its metric columns (docs/exports.md)',
      description:
        'Answers 202 { state, progress } while the metrics compute (as /networks/{id}/metrics does): ask again ' +
        'until 200 brings the file. metrics=false answers the network alone at once.',
      tags: ['networks'],
      signedIn: true,
      path: { ...NETWORK_ID, fileType: FILE_TYPE },
      query: METRICS_QUERY,
      ok: {
        200: { description: 'The network file (xlsx, GEXF, GraphML or JSON)', contentType: 'application/octet-stream' },
        202: COMPUTING,
      },
      errors: {
        400: 'A bad layer, attribute or metrics flag',
        401: 'Authorization not provided',
        403: 'The networks module is off',
        404: 'No such network among the caller’s, or an unknown file type',
        503: 'The metrics could not be computed: the message says why (export with metrics=false)',
      },
    }),
  },
  '/networks/{id}/metrics': {
    get: restOperation({
      id: 'networks-metrics',
      summary: 'Network metrics: 202 with the job state while they compute, then 200 with the metrics',
      tags: ['networks'],
      signedIn: true,
      path: NETWORK_ID,
      query: {
        layer: METRICS_QUERY.layer,
        groupAttribute: METRICS_QUERY.groupAttribute,
        version: {
          type: 'integer',
          description: 'A kept data version (a series snapshot); the current one when absent',
        } as never,
      },
      ok: {
        200: { description: 'The metrics: network, nodes, ona (docs/network-metrics.md)', json: { type: 'object' } },
        202: COMPUTING,
      },
      errors: {
        400: 'A bad layer or attribute',
        401: 'Authorization not provided',
        403: 'The networks module is off',
        404: 'No such network among the caller’s',
      },
    }),
  },
  '/networks/{id}/users/upload': {
    post: restOperation({
      id: 'networks-users-upload',
      summary: 'Share a network by a workbook of Name, Email, Permission',
      tags: ['networks'],
      signedIn: true,
      path: NETWORK_ID,
      multipart: { fields: { file: file('The xlsx or CSV') }, required: ['file'] },
      ok: { 200: { description: 'The network’s shares', json: { type: 'array', items: json(ZNetworkShare) } } },
      errors: {
        400: 'The file or its rows refused',
        401: 'Authorization not provided',
        403: 'The networks module is off, or not the owner',
        404: 'No such network among the caller’s',
        413: refused('Past the size limit'),
      },
    }),
  },
};
