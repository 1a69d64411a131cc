import { Suspense } from 'react';
import { Spin } from 'antd';
import { RichText } from './lazy';
import type { RichTextProps } from './RichText';

/**
 * The lazy editor as a form control: Form.Item hands value/onChange to its direct child, so the
 * Suspense boundary has to sit inside it.
 */
export function RichTextField(props: RichTextProps) {
  return (
    <Suspense fallback={<Spin size="small" />}>
      <RichText {...props} />
    </Suspense>
  );
}
