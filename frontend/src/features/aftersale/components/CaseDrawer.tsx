import { useState } from 'react';
import { Link } from 'react-router';
import { Drawer } from 'antd';
import { lookPath } from '@/shared/lib/look';
import { CaseView } from './CaseView';
import { useT } from '../messages';

/** The detail of one case beside the list; its moves reload the list (`onMoved`). */
export default function CaseDrawer({ id, onClose, onMoved }: { id: number | null; onClose: () => void; onMoved: () => void }) {
  const t = useT();
  const [no, setNo] = useState('');
  return (
    <Drawer
      title={no ? t('as.detailTitle', { no }) : t('as.detail')}
      open={id !== null}
      width={820}
      onClose={onClose}
      destroyOnHidden
      extra={id !== null ? <Link to={lookPath('aftersale', id)}>{t('as.openPage')}</Link> : null}
    >
      {id !== null ? <CaseView key={id} id={id} onMoved={onMoved} onTitle={setNo} /> : null}
    </Drawer>
  );
}
