import { featureMessages, type Messages } from '@/shared/lib/i18n';

/** Strings of 存储管理, zh-CN then en-US. */
export const messages = {
  'storage.title': ['存储管理', 'Storage'],
  'storage.files': ['文件', 'Files'],
  'storage.pictures': ['图片', 'Pictures'],
  'storage.name': ['文件名', 'Name'],
  'storage.name.placeholder': ['请输入文件名', 'Enter the file name'],
  'storage.preview': ['预览', 'Preview'],
  'storage.suffix': ['后缀', 'Suffix'],
  'storage.type': ['类型', 'Type'],
  'storage.size': ['大小', 'Size'],
  'storage.uploader': ['上传者', 'Uploaded by'],
  'storage.download': ['下载', 'Download'],
  'storage.upload': ['上传', 'Upload'],
  'storage.uploaded': ['上传成功', 'Uploaded'],
} as const satisfies Messages;

export const { t, useT, translate } = featureMessages(messages);
