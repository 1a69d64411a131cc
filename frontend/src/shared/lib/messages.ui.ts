/**
 * Strings of the shared building blocks (data table, forms, upload, pickers), zh-CN then en-US.
 * Kept apart from i18n.ts's table so that features adding their own strings there do not collide
 * with these; i18n.ts spreads this object into its table.
 */
export const uiMessages = {
  // DECISIONS §2
  'del.confirm': ['此操作将永久删除该信息, 是否继续?', 'This operation will permanently delete the information, continue?'],
  'del.ok': ['删除成功', 'Deleted successfully'],
  'del.cancelled': ['已取消删除', 'Deletion cancelled'],
  'v.email.required': ['邮箱地址不能为空', 'Email address cannot be empty'],
  'v.email': ['请输入正确的邮箱地址', 'Please enter a correct email address'],
  'v.phone.required': ['手机号码不能为空', 'Mobile number cannot be empty'],
  'v.phone': ['请输入正确的手机号码', 'Please enter a correct mobile number'],
  'v.idcard.required': ['身份证号码不能为空', 'ID card number cannot be empty'],
  'v.idcard': ['请输入正确的身份证号码', 'Please enter a correct ID card number'],
  'v.ip': ['请输入正确的IP地址', 'Please enter the correct IP address'],
  'ph.input': ['请输入{label}', 'Please enter {label}'],
  'ph.select': ['请选择{label}', 'Please select {label}'],
  'table.minColumn': ['请至少选择一列', 'Please select at least one column'],
  'upload.tooBig': ['上传图片大小不能超过 {n} MB!', 'Uploaded picture size cannot exceed {n} MB'],
  'upload.limit.title': ['提示', 'Hint'],
  'upload.limit.body': [
    '最多只能上传{n}个文件，如需上传多个文件，请打包成一个压缩包一起上传',
    'At most {n} files can be uploaded; for several files, pack them into one archive and upload them together',
  ],
  'upload.tip': ['最多上传5张图片，每张不超过5MB', 'At most 5 images, each at most 5MB'],
  'upload.badType': ['只能上传 {types} 格式的文件', 'Only {types} files can be uploaded'],
  'upload.add': ['上传', 'Upload'],
  'upload.failed': ['上传失败', 'Upload failed'],
  'time.justNow': ['刚刚', 'just now'],
  'time.minutesAgo': ['{n}分钟前', '{n} minutes ago'],
  'time.hoursAgo': ['{n}小时前', '{n} hours ago'],
  'time.dayAgo': ['1天前', '1 day ago'],
  'export.file': ['{title}数据.xlsx', '{title}数据.xlsx'],
  // Repository's own strings
  'table.serial': ['序号', 'No.'],
  'table.actions': ['操作', 'Actions'],
  'table.delete': ['删除', 'Delete'],
  'table.exportSelected': ['导出选中', 'Export selected'],
  'table.exportAll': ['导出全部', 'Export all'],
  'table.exporting': ['正在导出', 'Exporting'],
  'table.exportNone': ['请先选择要导出的数据', 'Select the rows to export first'],
  'table.selected': ['已选择 {n} 项', '{n} selected'],
  'table.total': ['共 {n} 条', '{n} in total'],
  'table.columns': ['列设置', 'Columns'],
  'search.search': ['查询', 'Search'],
  'search.reset': ['重置', 'Reset'],
  'leave.days': ['共 {n} 天', '{n} days'],
  'leave.remaining': ['剩余年假 {n} 天', '{n} days of annual leave left'],
  'picker.dept': ['部门', 'Department'],
  'picker.user': ['人员', 'People'],
} as const satisfies Record<string, readonly [string, string]>;
