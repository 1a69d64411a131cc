import { useState } from 'react';
import { Button } from 'antd';
import { http } from '@/shared/api';
import { Perm } from '@/shared/api/permissions';
import { useCan } from '@/shared/lib/access';
import { saveBlob } from '@/shared/ui/table';
import { ITEM_EXPORT_URL } from '../api';
import { ITEM_FIELDS } from '../logic';
import { useT } from '../messages';

/**
 * 导出明细 (order:exportDetail): one row per order item of every order the list's filters and
 * tab select, with the full phone and address, for whoever packs.
 */
export function ExportItemsButton({ filters }: { filters: () => Record<string, unknown> }) {
  const t = useT();
  const can = useCan([Perm.OrderExportDetail]);
  const [busy, setBusy] = useState(false);
  if (!can) return null;
  return (
    <Button
      loading={busy}
      onClick={async () => {
        setBusy(true);
        try {
          const body = { ...filters(), fields: ITEM_FIELDS.map((f) => f.key), headers: ITEM_FIELDS.map((f) => f.title) };
          saveBlob(await http.post<Blob>(`${ITEM_EXPORT_URL}/downloadAll`, body, { responseType: 'blob' }), `${t('order.exportDetail')}.xlsx`);
        } catch {
          // the request client has shown the error
        } finally {
          setBusy(false);
        }
      }}
    >
      {t('order.exportDetail')}
    </Button>
  );
}
