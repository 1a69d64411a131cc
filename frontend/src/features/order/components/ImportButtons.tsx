import { useRef, useState } from 'react';
import { Button, Space, Tooltip } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Can } from '@/shared/lib/access';
import { Perm } from '@/shared/api/permissions';
import { saveBlob } from '@/shared/ui/table';
import { expressTemplate, importExpress, type ImportAnswer } from '../api';
import { useT } from '../messages';
import { lazyDialog } from '@/shared/ui/form';

// the outcome's dialog (Statistic, Alert) is its own chunk, fetched after the list has drawn: the
// order page is at its first-load budget
const ImportResultDialog = lazyDialog(() => import('./ImportResultDialog').then((m) => ({ default: m.ImportResultDialog })));

/** 导入快递单号 with its template beside it; the outcome opens in a dialog, then the list reloads. */
export function ImportButtons({ onImported }: { onImported: () => void }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const upload = async (file: File) => {
    setBusy(true);
    try {
      setResult(await importExpress(file));
      onImported();
    } catch {
      // the request client has told the user why the sheet was refused
    } finally {
      setBusy(false);
    }
  };
  const template = async () => {
    try {
      saveBlob(await expressTemplate(), '快递单号导入模板.xlsx');
    } catch {
      // told by the request client
    }
  };
  return (
    <Can roles={[Perm.OrderShip]}>
      <Space>
        {/* A plain file input, not antd's Upload (with its list and progress, 30 kB in the list's
            first load): the sheet is only picked here and sent by importExpress. */}
        <input
          ref={picker}
          type="file"
          accept=".xlsx"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same sheet may be picked again
            if (file) void upload(file);
          }}
        />
        <Tooltip title={t('order.import.hint')}>
          <Button type="primary" icon={<UploadOutlined />} loading={busy} onClick={() => picker.current?.click()}>
            {busy ? t('order.importing') : t('order.import')}
          </Button>
        </Tooltip>
        <Button icon={<DownloadOutlined />} onClick={() => void template()}>
          {t('order.template')}
        </Button>
      </Space>
      <ImportResultDialog result={result} onClose={() => setResult(null)} />
    </Can>
  );
}
