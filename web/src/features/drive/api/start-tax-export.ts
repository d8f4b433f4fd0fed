import type { RouteRequest, RouteResponse } from '@shared/routes.ts';
import { callApi, type CallOptions } from '@/lib/api-client.ts';

export type TaxExportRequest = RouteRequest<'com_drive/tax_export_btn'>;
export type TaxExportResponse = RouteResponse<'com_drive/tax_export_btn'>;

/**
 * Starts the tax office's download request (ダウンロードの求め): a job writes every bookkeeping
 * document of the range with its versions' SHA-256 as CSV; follow it with `followJob` for the download.
 */
export const startTaxExport = (request: TaxExportRequest, options?: CallOptions): Promise<TaxExportResponse> =>
  callApi('com_drive/tax_export_btn', request, options);
