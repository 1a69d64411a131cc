import { ConfigProvider, Form } from 'antd';
import { FieldControl } from './controls';
import { fieldRules, permOf } from './logic';
import type { Field, FieldPerm } from './types';

export interface FormRendererProps {
  fields: Field[];
  /** Per field: `read` shows it disabled, `hidden` leaves it out; a missing key is `edit`. */
  perms?: Record<string, FieldPerm>;
  /** Everything read-only (a finished instance, a preview of what others see). */
  disabled?: boolean;
  /** The applicant's remaining annual leave, shown under a leaveRange field (X while unknown). */
  leaveBalance?: number | null;
}

const TYPED = new Set(['text', 'textarea', 'number', 'amount']);

/**
 * A form version's fields as antd form items, inside a Form the caller owns (/applyForm,
 * /flowDetail, the designer's preview). Item names are the field keys and values are the wire
 * values of docs/workflow.md, so `cleanData(fields, form.getFieldsValue())` is the `data` to send.
 * Rules come from the schema and apply only to fields the caller may edit.
 */
export function FormRenderer({ fields, perms, disabled, leaveBalance }: FormRendererProps) {
  return (
    <>
      {fields.map((f) => {
        const perm = permOf(f.key, perms, disabled);
        if (perm === 'hidden') return null;
        if (f.type === 'description') {
          return (
            // without a label it still sits in the controls' column (label " " keeps the place)
            <Form.Item key={f.key} label={f.label || ' '} colon={Boolean(f.label)}>
              <FieldControl field={f} />
            </Form.Item>
          );
        }
        const readOnly = perm === 'read';
        const item = (
          <Form.Item
            key={f.key}
            name={f.key}
            label={f.label}
            required={f.required && !readOnly}
            rules={readOnly ? [] : fieldRules(f)}
            validateTrigger={TYPED.has(f.type) ? 'onBlur' : 'onChange'}
           
          >
            <FieldControl field={f} readOnly={readOnly} leaveBalance={leaveBalance} />
          </Form.Item>
        );
        // antd's disabled context reaches every control, the shared pickers and the upload included
        return readOnly ? (
          <ConfigProvider key={f.key} componentDisabled>
            {item}
          </ConfigProvider>
        ) : (
          item
        );
      })}
    </>
  );
}
