export { RichText } from './lazy';
export { RichTextField } from './RichTextField';
export type { RichTextProps } from './RichText';
export {
  UploadRefused,
  bffUploader,
  objectStorageUploader,
  policyUploader,
  IMAGE_POLICY,
  type ImagePolicy,
  tokenDeadline,
  imageFiles,
  checkImage,
  type ImageUploader,
} from './upload';
