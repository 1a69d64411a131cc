import { mergeAttributes, type AnyExtension, type CommandProps } from '@tiptap/core';
import { TextSelection } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Color, TextStyle } from '@tiptap/extension-text-style';
import TextAlign from '@tiptap/extension-text-align';
import { Placeholder } from '@tiptap/extensions';

/** Link addresses the editor accepts; the BFF's sanitiser (platform/richtext) keeps the same. */
export const LINK_PROTOCOLS = /^(https?:\/\/|mailto:)/i;

/**
 * A table as plain HTML: Tiptap's own rendering adds a colgroup and a min-width style for column
 * resizing, which the console does not offer and the sanitiser would have to let through.
 */
const PlainTable = Table.extend({
  renderHTML({ HTMLAttributes }) {
    return ['table', mergeAttributes(this.options.HTMLAttributes, HTMLAttributes), ['tbody', 0]];
  },
});

/**
 * Everything the editor can produce. The server's sanitiser allows exactly this output (its test
 * reads the fixtures that richtext.fixtures.test.ts makes with these extensions), so a change here
 * goes with a change there.
 */
export function editorExtensions(placeholder = ''): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        isAllowedUri: (url) => LINK_PROTOCOLS.test(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
      },
    }),
    TextStyle,
    Color,
    TextAlign.configure({ types: ['heading', 'paragraph'], alignments: ['left', 'center', 'right'] }),
    Image.configure({ inline: false, allowBase64: false }),
    PlainTable.configure({ resizable: false }),
    TableRow,
    TableHeader,
    TableCell,
    Placeholder.configure({ placeholder }),
  ];
}

/**
 * A chain step: the caret goes just after what is selected. Inserting over a selected picture
 * (just inserted, or clicked) would replace it; after this step the insert goes behind it.
 */
export function caretAfter({ tr }: CommandProps): boolean {
  if (!tr.selection.empty) tr.setSelection(TextSelection.near(tr.doc.resolve(tr.selection.to)));
  return true;
}
