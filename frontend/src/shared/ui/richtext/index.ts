export { RichText } from './lazy';
export { RichTextField } from './RichTextField';
export type { RichTextProps } from './RichText';
export { UploadRefused, bffUploader, objectStorageUploader, tokenDeadline, imageFiles, checkImage, type ImageUploader } from './upload';
