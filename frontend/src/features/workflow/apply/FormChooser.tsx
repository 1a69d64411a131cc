import { useEffect, useMemo, useState } from 'react';
import { Card, Empty, Input, Space, Spin, Typography } from 'antd';
import { useT } from '../messages';
import { FormIcon } from '../formIcons';
import { listForms, type FormRow } from '../formApi';
import { groupForms } from './logic';

/** Published forms enough for one screen of cards; the search narrows them by name. */
const AT_ONCE = 200;

/** The published forms by group, searchable; a card chooses one. */
export function FormChooser({ onChoose }: { onChoose: (form: FormRow) => void }) {
  const t = useT();
  const [forms, setForms] = useState<FormRow[] | null>(null);
  const [search, setSearch] = useState('');
  useEffect(() => {
    let live = true;
    listForms({ page: 0, size: AT_ONCE, published: true })
      .then((p) => live && setForms(p.content.filter((f) => f.version > 0)))
      .catch(() => live && setForms([])); // the request client has told the user
    return () => {
      live = false;
    };
  }, []);
  const groups = useMemo(() => groupForms(forms ?? [], search, t('wf.apply.other')), [forms, search, t]);
  if (forms === null) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Input.Search allowClear aria-label={t('wf.apply.search')} placeholder={t('wf.apply.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 320 }} />
      {groups.length === 0 ? <Empty description={t('wf.apply.none')} /> : null}
      {groups.map((g) => (
        <div key={g.group}>
          <Typography.Title level={5}>{g.group}</Typography.Title>
          <div role="list" aria-label={g.group} style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))', gap: 12 }}>
            {g.forms.map((f) => (
              <Card key={f.id} role="listitem" hoverable size="small" onClick={() => onChoose(f)} aria-label={f.name}>
                <Space>
                  <span style={{ fontSize: 22, color: '#1677ff' }}>
                    <FormIcon name={f.icon} />
                  </span>
                  <Typography.Text strong>{f.name}</Typography.Text>
                </Space>
              </Card>
            ))}
          </div>
        </div>
      ))}
    </Space>
  );
}
