import type { ReportStatus, ReportView, Service } from '@ampelos/domain';
import type { ReportSummaryRow } from './repository.ts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** A report as lists show it (cart, orders, fields, the data export): never its results or storage. */
export function presentReport(row: ReportSummaryRow): ReportView {
  return {
    id: row.id,
    uuid: row.uuid,
    service: row.service as Service,
    shoots: row.shoots,
    status: row.status as ReportStatus,
    validFrom: iso(row.validFrom),
    validTo: iso(row.validTo),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    fieldId: row.fieldId,
    processedAt: iso(row.processedAt),
    camera: row.camera,
    numOfInputImgs: row.numOfInputImgs,
    numOfOutputImgs: row.numOfOutputImgs,
    layers: row.layers ?? [],
  };
}
