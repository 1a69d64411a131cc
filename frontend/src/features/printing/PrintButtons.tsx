import { useEffect, useRef, useState } from 'react';
import { App, Button, Dropdown, Modal } from 'antd';
import { DownOutlined, PrinterOutlined } from '@ant-design/icons';
import { usePermission } from '@/features/auth';
import { Perm } from '@/shared/api/permissions';
import { saveBlob } from '@/shared/ui/table';
import { fetchPaper, MAX_PRINT, type PrintJob } from './api';
import { fileName, JOBS } from './jobs';
import { useT } from './messages';

/**
 * 打印 on 订单管理: the selected orders' picking list or delivery notes. The print view is
 * fetched with the session (an API answer, not a page the browser could open by its address),
 * shown from a Blob in a sandboxed frame that runs no script, and handed to the browser's print
 * dialog; the same works inside the portal (/monomer), where the console is itself a frame.
 */
export default function PrintButtons({ ids }: { ids: Array<number | string> }) {
  const t = useT();
  const { message } = App.useApp();
  const allowed = usePermission([Perm.OrderPrint]);
  const [busy, setBusy] = useState(false);
  const [view, setView] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  // a Blob URL holds the paper in memory until revoked
  useEffect(() => () => void (view && URL.revokeObjectURL(view)), [view]);
  if (!allowed) return null;

  const run = async (job: PrintJob) => {
    if (ids.length === 0) return void message.warning(t('print.select'));
    if (ids.length > MAX_PRINT) return void message.warning(t('print.tooMany'));
    setBusy(true);
    try {
      const blob = await fetchPaper(ids, job);
      if (job.format === 'pdf') saveBlob(blob, fileName(job, new Date()));
      else setView(URL.createObjectURL(new Blob([blob], { type: 'text/html' })));
    } finally {
      setBusy(false);
    }
  };
  const print = () => frame.current?.contentWindow?.print();

  return (
    <>
      <Dropdown
        disabled={busy}
        menu={{ items: JOBS.map((j) => ({ key: j.key, label: t(j.label) })), onClick: ({ key }) => void run(JOBS.find((j) => j.key === key)!) }}
      >
        <Button icon={<PrinterOutlined />} loading={busy}>
          {t('print.button')} <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={view !== null}
        title={t('print.preview')}
        width="min(900px, 96vw)"
        onCancel={() => setView(null)}
        footer={
          <Button type="primary" icon={<PrinterOutlined />} onClick={print}>
            {t('print.again')}
          </Button>
        }
        destroyOnHidden
      >
        {view ? (
          <iframe
            ref={frame}
            src={view}
            title={t('print.preview')}
            data-testid="print-view"
            // same origin so the console may call print(); no scripts whatever the paper holds
            sandbox="allow-same-origin allow-modals"
            style={{ width: '100%', height: '70vh', border: 0 }}
            onLoad={print}
          />
        ) : null}
      </Modal>
    </>
  );
}
