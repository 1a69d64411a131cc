import { Avatar, Space } from 'antd';
import { ShopOutlined } from '@ant-design/icons';
import { FileButton } from '@/shared/ui/upload/FileButton';
import { apiUrl } from '@/shared/lib/runtime';
import { LOGO_MAX_MB, uploadLogo } from '../api';
import { useT } from '../messages';

/** What the picker takes; the BFF decides by the content (an SVG named .png is still refused). */
const LOGO_TYPES = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp'];

/** Checks a chosen file before sending: its extension and size; '' when it may go. */
export function logoProblem(file: { name: string; size: number }, t: ReturnType<typeof useT>): string {
  const ext = file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase();
  if (!LOGO_TYPES.includes(ext)) return t('agency.logo.type');
  if (file.size > LOGO_MAX_MB * 1024 * 1024) return t('agency.logo.size');
  return '';
}

export interface LogoUploadProps {
  value?: string;
  onChange?: (path: string) => void;
  /** The agency the logo is for (staff editing a row); absent on the create form and for an operator's own. */
  agencyId?: number;
  size?: number;
}

/** The logo with its 上传标志 button: one image, sent at once, its read path is the value. */
export function LogoUpload({ value, onChange, agencyId, size = 64 }: LogoUploadProps) {
  const t = useT();
  return (
    <Space align="center" size={16}>
      <Avatar shape="square" size={size} src={value ? apiUrl(value) : undefined} icon={<ShopOutlined />} alt={t('agency.logo')} />
      <Space direction="vertical" size={4}>
        <FileButton types={LOGO_TYPES} check={(file) => logoProblem(file, t)} send={async (file) => onChange?.(await uploadLogo(file, agencyId))}>
          {t('agency.logo.upload')}
        </FileButton>
        <span style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>{t('agency.logo.tip')}</span>
      </Space>
    </Space>
  );
}
