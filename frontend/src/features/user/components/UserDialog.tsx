import { type RequestOptionsType } from '@ant-design/pro-components';
import { App, Col } from 'antd';
import { emailRules, ipListRules, mobileRules, placeholder } from '@/shared/lib/rules';
import { DictSelect } from '@/shared/ui/dict';
import { DIALOG_COL, Dialog, ProForm, ProFormRadio, ProFormSelect, ProFormText, ProFormTextArea, ProFormTreeSelect } from '@/shared/ui/form';
import { createUser, updateUser, type UserInput, type UserRow } from '../api';
import { useT } from '../messages';

interface FormValues {
  username: string;
  nickName: string;
  gender?: string;
  email?: string;
  phone?: string;
  empNo?: string;
  loginIps?: string;
  enabled: string;
  deptId: number;
  roleIds: number[];
  password?: string;
}

export interface UserDialogProps {
  /** The row being edited, 'new' for a new user, null: closed. */
  editing: UserRow | 'new' | null;
  loadDepts: () => Promise<RequestOptionsType[]>;
  loadRoles: () => Promise<Array<{ value: number; label: string }>>;
  onClose: () => void;
  /** Saved (the dialog has said so): the page closes it and reloads the table. */
  onSaved: () => void;
}

/** The create/edit dialog of 用户管理; the password field only when creating. */
export function UserDialog({ editing, loadDepts, loadRoles, onClose, onSaved }: UserDialogProps) {
  const t = useT();
  const { message } = App.useApp();
  const row = editing && editing !== 'new' ? editing : null;
  const initial: Partial<FormValues> = row
    ? {
        username: row.username,
        nickName: row.nickName,
        gender: row.gender || undefined,
        email: row.email,
        phone: row.phone,
        empNo: row.empNo || undefined,
        // one entry a line: easier to read and edit than the stored commas
        loginIps: row.loginIps ? row.loginIps.split(',').join('\n') : undefined,
        enabled: String(row.enabled),
        deptId: row.dept?.id,
        roleIds: row.roles.map((r) => r.id),
      }
    : { enabled: 'true' };

  return (
    <Dialog<FormValues>
      key={row ? `edit-${row.id}` : 'new'}
      title={row ? t('sys.edit') : t('sys.add')}
      open={editing !== null}
      width={640}
      initialValues={initial}
      modalProps={{ onCancel: onClose }}
      fieldAlias={{ dept: 'deptId', roles: 'roleIds' }}
      onFinish={async (v) => {
        const body: UserInput = {
          id: row?.id,
          username: v.username,
          nickName: v.nickName,
          gender: v.gender ?? '',
          email: v.email ?? '',
          phone: v.phone ?? '',
          empNo: v.empNo?.trim() ?? '',
          loginIps: v.loginIps ?? '',
          enabled: v.enabled === 'true',
          dept: { id: v.deptId },
          roles: v.roleIds.map((id) => ({ id })),
        };
        if (row) await updateUser(body);
        else await createUser({ ...body, password: v.password });
        void message.success(row ? t('sys.saved') : t('sys.created'));
        onSaved();
        return true;
      }}
    >
      <ProFormText name="username" label={t('user.username')} placeholder={placeholder(t('user.username'), 'text')} rules={[{ required: true, message: t('v.required') }]} />
      <ProFormText name="nickName" label={t('user.nickName')} placeholder={placeholder(t('user.nickName'), 'text')} rules={[{ required: true, message: t('v.required') }]} />
      <ProFormText
        name="phone"
        label={t('user.phone')}
        placeholder={placeholder(t('user.phone'), 'text')}
        // required (seed §5) except on the superuser, who has none from first-run setup
        rules={mobileRules({ optional: row?.isAdmin === true })}
      />
      <ProFormText
        name="email"
        label={t('user.email')}
        placeholder={placeholder(t('user.email'), 'text')}
        rules={emailRules()}
      />
      <ProFormTreeSelect
        name="deptId"
        label={t('sys.dept')}
        placeholder={placeholder(t('sys.dept'), 'select')}
        request={loadDepts}
        fieldProps={{ treeDefaultExpandAll: true }}
        rules={[{ required: true, message: t('v.required') }]}
      />
      <ProFormSelect
        name="roleIds"
        label={t('user.roles')}
        placeholder={placeholder(t('user.roles'), 'select')}
        mode="multiple"
        request={loadRoles}
        rules={[{ required: true, message: t('v.required') }]}
      />
      <ProFormRadio.Group
        name="gender"
        label={t('user.gender')}
        options={[
          { value: '男', label: t('user.gender.m') },
          { value: '女', label: t('user.gender.f') },
        ]}
      />
      {/* A plain ProForm.Item is not placed in the dialog's grid as the ProForm fields are: its
          own column keeps it in line with its label and beside 性别 (issue 16). */}
      <Col {...DIALOG_COL}>
        <ProForm.Item name="enabled" label={t('sys.enabled')} rules={[{ required: true, message: t('v.required') }]}>
          {/* the entries of the user_status dictionary (激活 true, 禁用 false) */}
          <DictSelect dict="user_status" label={t('sys.enabled')} allowClear={false} style={{ width: '100%' }} />
        </ProForm.Item>
      </Col>
      <ProFormText
        name="empNo"
        label={t('user.empNo')}
        placeholder={placeholder(t('user.empNo'), 'text')}
        tooltip={t('user.empNo.tip')}
        fieldProps={{ maxLength: 64 }}
      />
      <ProFormTextArea
        name="loginIps"
        label={t('user.loginIps')}
        placeholder={t('user.loginIps.ph')}
        tooltip={t('user.loginIps.tip')}
        rules={ipListRules()}
        validateTrigger="onBlur"
        fieldProps={{ rows: 3 }}
      />
      {row ? null : (
        <ProFormText.Password
          name="password"
          label={t('user.password')}
          placeholder={placeholder(t('user.password'), 'password')}
          rules={[
            { required: true, message: t('v.required') },
            { min: 6, max: 72, message: t('v.length', { min: 6, max: 72 }) },
          ]}
        />
      )}
    </Dialog>
  );
}
