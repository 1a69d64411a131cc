import { Button, Space } from 'antd';
import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { useT } from '@/shared/lib/i18n';

export interface SearchResetProps {
  onSearch: () => void;
  onReset: () => void;
  loading?: boolean;
}

/** The 查询 / 重置 pair of list pages with their own filter bar. */
export function SearchReset({ onSearch, onReset, loading }: SearchResetProps) {
  const t = useT();
  return (
    <Space>
      <Button type="primary" icon={<SearchOutlined />} loading={loading} onClick={onSearch}>
        {t('search.search')}
      </Button>
      <Button icon={<ReloadOutlined />} onClick={onReset}>
        {t('search.reset')}
      </Button>
    </Space>
  );
}
