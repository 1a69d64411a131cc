export { Upload, type UploadProps } from './Upload';
export { DEFAULT_ACTION, DEFAULT_LIMIT, DEFAULT_MAX_MB, DEFAULT_TYPES, checkFile, type UploadedFile } from './logic';
export { FileButton, type FileButtonProps } from './FileButton';
