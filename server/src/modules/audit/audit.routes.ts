import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAuditListResponse, ZAuditQuery } from '@filialportal/core/audit';
import { ADMIN_ROLE } from '@filialportal/core/roles';
import type { Deps } from '../../platform/deps.ts';
import { sendXlsx } from '../../platform/exports.ts';
import { auditExportColumns } from './audit.export.ts';
import { auditExportRows, listAudit } from './audit.service.ts';

export async function auditRoutes(app: FastifyInstance, deps: Deps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Protokoll'];
  // Admin alone reads the trail: it shows who read whose health data, the catalogue has no right for it.
  const access = { roles: [ADMIN_ROLE] };
  r.get('/audit', {
    config: { access },
    schema: {
      tags,
      summary: 'Protokoll: Änderungen und Lesezugriffe auf Gesundheitsdaten, neueste zuerst, 50 je Seite (from: next der vorigen Seite)',
      querystring: ZAuditQuery,
      response: { 200: ZAuditListResponse },
    },
    handler: (req) => listAudit(deps, req.query),
  });
  r.get('/audit/export', {
    config: { access },
    schema: { tags, summary: 'Protokoll als XLSX, mit denselben Filtern', querystring: ZAuditQuery.omit({ from: true }) },
    handler: (req, reply) => sendXlsx(reply, { filename: 'Protokoll.xlsx', sheet: 'Protokoll', columns: auditExportColumns, rows: auditExportRows(deps, req.query) }),
  });
}
