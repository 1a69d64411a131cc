import { App, Col, Input, Row, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { Dialog, ProForm, ProFormDependency, ProFormDigit, ProFormList, ProFormSwitch, ProFormText } from '@/shared/ui/form';
import { Upload, type UploadedFile } from '@/shared/ui/upload';
import { MAX_PDF_MB, TEMPLATE_FILE, createTemplate, updateTemplate, type ContractVar, type TemplateRow } from '../api';
import { useT } from '../messages';
import { placeholder } from '@/shared/lib/rules';
import { isSystemVar } from '../templateFill';
import { TemplateTextPreview } from './TemplateTextPreview';

interface FormValues {
  name: string;
  version: string;
  validMonths: number;
  enabled: boolean;
  file: UploadedFile[];
  variables: ContractVar[];
}

const VAR_KEY = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;

/**
 * The create/edit dialog of 合同模板: the PDF (checked as a PDF by the BFF), its variables — a
 * row each, its inputs across the dialog; a variable the system fills (templateFill.SYSTEM_VARS)
 * shows 系统填写 instead of a default and is sent without one — and the template's text with
 * its variables filled in (sample values for the system's).
 */
export default function TemplateDialog({ editing, onClose, onSaved }: { editing: TemplateRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const row = editing && editing !== 'new' ? editing : null;
  const required: Rule = { required: true, message: t('v.required') };
  const initial: Partial<FormValues> = row
    ? {
        name: row.name,
        version: row.version,
        validMonths: row.validMonths,
        enabled: row.enabled,
        variables: row.variables,
        file: [
          {
            id: row.fileId,
            originalName: row.fileName,
            name: row.fileName,
            fileUrl: row.fileUrl,
            path: row.fileUrl,
            readUrl: row.fileUrl,
            downloadUrl: row.downloadUrl,
            fileType: 'pdf',
          },
        ],
      }
    : {
        validMonths: 12,
        enabled: true,
        file: [],
        variables: [
          { key: 'agencyName', label: '渠道名称', value: '' },
          { key: 'startDate', label: '开始日期', value: '' },
          { key: 'endDate', label: '结束日期', value: '' },
        ],
      };
  return (
    <Dialog<FormValues>
      title={row ? t('sys.edit') : t('sys.add')}
      open={editing !== null}
      width={720}
      initialValues={initial}
      modalProps={{ onCancel: onClose, styles: { body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', overflowX: 'hidden' } } }}
      onFinish={async (v) => {
        const body = {
          id: row?.id,
          name: v.name,
          version: v.version,
          validMonths: Number(v.validMonths),
          enabled: v.enabled,
          fileId: v.file[0]?.id ?? 0,
          variables: (v.variables ?? []).map((x) => ({ key: x.key, label: x.label, value: isSystemVar(x.key) ? '' : (x.value ?? '') })),
        };
        if (row) await updateTemplate(body);
        else await createTemplate(body);
        void message.success(row ? t('sys.saved') : t('sys.created'));
        onSaved();
        return true;
      }}
    >
      <ProFormText name="name" label={t('template.name')} rules={[required]} fieldProps={{ placeholder: placeholder(t('template.name'), 'text'), maxLength: 128 }} />
      <ProFormText name="version" label={t('template.version')} rules={[required]} fieldProps={{ placeholder: placeholder(t('template.version'), 'text'), maxLength: 32 }} />
      <ProFormDigit name="validMonths" label={t('template.validMonths')} rules={[required]} min={1} max={120} fieldProps={{ placeholder: placeholder(t('template.validMonths'), 'number'), precision: 0 }} />
      <ProFormSwitch name="enabled" label={t('template.enabled')} />
      <Col span={24}>
        <ProForm.Item name="file" label={t('template.file')} rules={[{ required: true, type: 'array', min: 1, message: t('v.required') }]}>
          <Upload
            data={{ type: TEMPLATE_FILE }}
            types={['pdf']}
            maxMB={MAX_PDF_MB}
            limit={1}
            listType="text"
            tip={t('contract.pdfOnly', { n: MAX_PDF_MB })}
            label={t('template.file')}
          />
        </ProForm.Item>
      </Col>
      <Col span={24}>
        <Typography.Paragraph type="secondary">{t('template.varHint')}</Typography.Paragraph>
        {/* one row per variable across the dialog: the list's item is full width, its fields in
            columns of their own (the dialog's grid would give each field half of a narrow cell) */}
        <ProFormList
          name="variables"
          label={t('template.variables')}
          colProps={{ span: 24 }}
          creatorButtonProps={{ creatorButtonText: t('template.addVar') }}
          copyIconProps={false}
          creatorRecord={{ key: '', label: '', value: '' }}
          itemRender={({ listDom, action }) => (
            <div style={{ display: 'flex', alignItems: 'flex-start', gap: 8 }}>
              <div style={{ flex: 1, minWidth: 0 }}>{listDom}</div>
              <div style={{ paddingTop: 6 }}>{action}</div>
            </div>
          )}
        >
          <Row gutter={8} style={{ width: '100%' }}>
            <Col span={7}>
              <ProFormText
                name="key"
                colProps={{ span: 24 }}
                rules={[required, { pattern: VAR_KEY, message: t('template.varKey') }]}
                fieldProps={{ 'aria-label': t('template.varKey'), placeholder: placeholder(t('template.varKey'), 'text') }}
              />
            </Col>
            <Col span={7}>
              <ProFormText
                name="label"
                colProps={{ span: 24 }}
                rules={[required]}
                fieldProps={{ 'aria-label': t('template.varLabel'), placeholder: placeholder(t('template.varLabel'), 'text') }}
              />
            </Col>
            <Col span={10}>
              {/* the row's own key (a dependency inside a list reads the row) */}
              <ProFormDependency name={['key']}>
                {({ key }: Partial<ContractVar>) =>
                  isSystemVar(key) ? (
                    <ProForm.Item>
                      <Input aria-label={t('template.varValue')} value={t('template.systemFilled')} readOnly disabled />
                    </ProForm.Item>
                  ) : (
                    <ProFormText name="value" colProps={{ span: 24 }} fieldProps={{ 'aria-label': t('template.varValue'), placeholder: placeholder(t('template.varValue'), 'text') }} />
                  )
                }
              </ProFormDependency>
            </Col>
          </Row>
        </ProFormList>
      </Col>
      <Col span={24}>
        <ProForm.Item label={t('template.sample')} tooltip={t('template.sampleHint')}>
          <ProFormDependency name={['file', 'variables', 'validMonths']}>
            {({ file, variables, validMonths }: Partial<FormValues>) => (
              <TemplateTextPreview url={file?.[0]?.readUrl ?? file?.[0]?.fileUrl} variables={variables ?? []} validMonths={validMonths ? Number(validMonths) : undefined} />
            )}
          </ProFormDependency>
        </ProForm.Item>
      </Col>
    </Dialog>
  );
}
