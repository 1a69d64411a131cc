import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import type { IssuedSecret } from '../api';
import { useT } from '../messages';

export interface SecretModalProps {
  /** The id and secret just issued; null: closed. */
  issued: IssuedSecret | null;
  onClose: () => void;
}

/**
 * The one time a secret is shown (新建, 轮换密钥): client id and secret with copy buttons and the
 * warning that it cannot be shown again. It closes only by its button, so a click beside it does
 * not lose the secret.
 */
export default function SecretModal({ issued, onClose }: SecretModalProps) {
  const t = useT();
  const copy = (text: string) => ({ text, tooltips: [t('openClient.copy'), t('openClient.copied')] });
  return (
    <Modal
      open={issued !== null}
      title={t('openClient.secret.title')}
      closable={false}
      maskClosable={false}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose}>
          {t('openClient.secret.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon message={t('openClient.secret.once')} style={{ marginBottom: 16 }} />
      {issued && (
        <Descriptions column={1} bordered size="small" styles={{ label: { whiteSpace: 'nowrap' } }}>
          <Descriptions.Item label={t('openClient.clientId')}>
            <Typography.Text code copyable={copy(issued.clientId)}>
              {issued.clientId}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('openClient.secret')}>
            <Typography.Text code copyable={copy(issued.secret)} style={{ wordBreak: 'break-all' }}>
              {issued.secret}
            </Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
