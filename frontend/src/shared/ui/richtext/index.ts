import { lazy } from 'react';

/** The editor is loaded when a form shows it, never with the frame. */
export const RichText = lazy(() => import('./RichText'));
export type { RichTextProps } from './RichText';
export { bffUploader, objectStorageUploader, tokenDeadline, imageFiles, type ImageUploader } from './upload';
