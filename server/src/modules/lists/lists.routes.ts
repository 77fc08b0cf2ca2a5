import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { zId } from '@filialportal/core/ids';
import {
  CLAIM_LIST_KINDS,
  CLAIM_LIST_LABELS,
  ZClaimListRequest,
  ZColorListResponse,
  ZColorRequest,
  ZColorResponse,
  ZManufacturerRequest,
  ZNamedEntry,
  ZNamedEntryListResponse,
  ZNamedRowListResponse,
  ZStatusRequest,
} from '@filialportal/core/lists';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { colorExportColumns, nameColumn } from './lists.export.ts';
import * as lists from './lists.service.ts';

const ZId = z.object({ id: zId() });
const ZSort = z.object({ sort: z.string().max(20).optional() });
const noContent = async (_: unknown, reply: { status(n: number): { send(): unknown } }) => reply.status(204).send();

export async function listsRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Manufacturers: the stock pages read them, the settings area maintains them.
  {
    const tags = ['Hersteller'];
    r.get('/manufacturer/list', {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Hersteller', querystring: ZSort, response: { 200: ZNamedRowListResponse } },
      handler: async (req) => ({ list: await lists.listManufacturers(deps, req.query.sort) }),
    });
    r.post('/manufacturer', {
      config: { access: { permission: 'einstellungen_hersteller_erstellen' } },
      schema: { tags, summary: 'Hersteller anlegen', body: ZManufacturerRequest, response: { 200: ZNamedEntry } },
      handler: (req) => lists.saveManufacturer(deps, { id: null, name: req.body.name }),
    });
    r.put('/manufacturer/:id', {
      config: { access: { permission: 'einstellungen_hersteller_bearbeiten' } },
      schema: { tags, summary: 'Hersteller speichern', params: ZId, body: ZManufacturerRequest, response: { 200: ZNamedEntry } },
      handler: (req) => lists.saveManufacturer(deps, { id: req.params.id, name: req.body.name }),
    });
    r.delete('/manufacturer/:id', {
      config: { access: { permission: 'einstellungen_hersteller_l_schen' } },
      schema: { tags, summary: 'Hersteller löschen', params: ZId },
      handler: async (req, reply) => {
        await lists.deleteManufacturer(deps, req.params.id);
        return noContent(req, reply);
      },
    });
    r.post('/export-manufacturer', {
      config: { access: { permission: 'einstellungen_hersteller_sehen_1' } },
      schema: { tags, summary: 'Hersteller als XLSX' },
      handler: async (_req, reply) =>
        sendXlsx(reply, { filename: 'Hersteller.xlsx', sheet: 'Hersteller', columns: nameColumn('Hersteller'), rows: await lists.listManufacturers(deps) }),
    });
  }

  // Colour labels.
  {
    const tags = ['Labels mit Farbe'];
    r.get('/color/list', {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Farblabels', querystring: ZSort, response: { 200: ZColorListResponse } },
      handler: async (req) => ({ list: (await lists.listColors(deps, req.query.sort)).map((c) => lists.toColorDto(c as never)) }),
    });
    r.post('/color', {
      config: { access: { permission: 'einstellungen_labels_mit_farbe_bearbeiten' } },
      schema: { tags, summary: 'Farblabel anlegen', body: ZColorRequest, response: { 200: ZColorResponse } },
      handler: (req) => lists.saveColor(deps, { id: null, color: req.body.color }),
    });
    r.put('/color/:id', {
      config: { access: { permission: 'einstellungen_labels_mit_farbe_bearbeiten' } },
      schema: { tags, summary: 'Farblabel speichern (nicht Auslauf/Werbung)', params: ZId, body: ZColorRequest, response: { 200: ZColorResponse } },
      handler: (req) => lists.saveColor(deps, { id: req.params.id, color: req.body.color }),
    });
    r.delete('/color/:id', {
      config: { access: { permission: 'einstellungen_labels_mit_farbe_bearbeiten' } },
      schema: { tags, summary: 'Farblabel löschen (nicht Auslauf/Werbung)', params: ZId },
      handler: async (req, reply) => {
        await lists.deleteColor(deps, req.params.id);
        return noContent(req, reply);
      },
    });
    r.post('/export-colors', {
      config: { access: { permission: 'einstellungen_labels_mit_farbe_sehen' } },
      schema: { tags, summary: 'Farblabels als XLSX' },
      handler: async (_req, reply) =>
        sendXlsx(reply, {
          filename: 'Labels.xlsx',
          sheet: 'Labels',
          columns: colorExportColumns,
          rows: await lists.listColors(deps),
        }),
    });
  }

  // Claim statuses.
  {
    const tags = ['Status'];
    const access = { permission: 'settings_claim_can_edit_status' } as const;
    r.get('/status/list', {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'Status der Beanstandungen', querystring: ZSort, response: { 200: ZNamedRowListResponse } },
      handler: async (req) => ({ list: await lists.listStatuses(deps, req.query.sort) }),
    });
    r.post('/status', { config: { access }, schema: { tags, summary: 'Status anlegen', body: ZStatusRequest, response: { 200: ZNamedEntry } }, handler: (req) => lists.saveStatus(deps, { id: null, name: req.body.status.name }) });
    r.put('/status/:id', {
      config: { access },
      schema: { tags, summary: 'Status speichern', params: ZId, body: ZStatusRequest, response: { 200: ZNamedEntry } },
      handler: (req) => lists.saveStatus(deps, { id: req.params.id, name: req.body.status.name }),
    });
    r.delete('/status/:id', {
      config: { access },
      schema: { tags, summary: 'Status löschen', params: ZId },
      handler: async (req, reply) => {
        await lists.deleteStatus(deps, req.params.id);
        return noContent(req, reply);
      },
    });
    r.post('/export-status', {
      config: { access },
      schema: { tags, summary: 'Status als XLSX' },
      handler: async (_req, reply) =>
        sendXlsx(reply, { filename: 'Status.xlsx', sheet: 'Status', columns: nameColumn('Status', 30), rows: await lists.listStatuses(deps) }),
    });
  }

  // Claim dropdown lists: /claimdropdownmanufacturer, /claimdropdownquality, /claimdropdownreason.
  for (const kind of CLAIM_LIST_KINDS) {
    const tags = [CLAIM_LIST_LABELS[kind]];
    const access = { permission: 'settings_claim_can_edit_status' } as const;
    r.get(`/claimdropdown${kind}/list`, {
      config: { access: 'authenticated' },
      schema: { tags, summary: `${CLAIM_LIST_LABELS[kind]}: Liste`, querystring: ZSort, response: { 200: ZNamedEntryListResponse } },
      handler: async (req) => ({ list: (await lists.listClaimListEntries(deps, { kind, sort: req.query.sort })).map((e) => ({ id: e.id, name: e.name })) }),
    });
    r.post(`/claimdropdown${kind}`, {
      config: { access },
      schema: { tags, summary: `${CLAIM_LIST_LABELS[kind]}: anlegen`, body: ZClaimListRequest, response: { 200: ZNamedEntry } },
      handler: (req) => lists.saveClaimListEntry(deps, { kind, id: null, name: req.body.name }),
    });
    r.put(`/claimdropdown${kind}/:id`, {
      config: { access },
      schema: { tags, summary: `${CLAIM_LIST_LABELS[kind]}: speichern`, params: ZId, body: ZClaimListRequest, response: { 200: ZNamedEntry } },
      handler: (req) => lists.saveClaimListEntry(deps, { kind, id: req.params.id, name: req.body.name }),
    });
    r.delete(`/claimdropdown${kind}/:id`, {
      config: { access },
      schema: { tags, summary: `${CLAIM_LIST_LABELS[kind]}: löschen`, params: ZId },
      handler: async (req, reply) => {
        await lists.deleteClaimListEntry(deps, { kind, id: req.params.id });
        return noContent(req, reply);
      },
    });
    r.post(`/export-claimdropdown${kind}`, {
      config: { access },
      schema: { tags, summary: `${CLAIM_LIST_LABELS[kind]} als XLSX` },
      handler: async (_req, reply) =>
        sendXlsx(reply, {
          filename: `${CLAIM_LIST_LABELS[kind]}.xlsx`,
          sheet: CLAIM_LIST_LABELS[kind].slice(0, 31),
          columns: nameColumn(CLAIM_LIST_LABELS[kind]),
          rows: await lists.listClaimListEntries(deps, { kind }),
        }),
    });
  }
}
