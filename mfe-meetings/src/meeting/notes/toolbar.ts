/** Exactly the product's toolbar: headers 1-2, bold, italic, underline, strike, blockquote, lists, link, image, clean. */
export const TOOLBAR = [
  [{ header: 1 }, { header: 2 }],
  ['bold', 'italic', 'underline', 'strike'],
  ['blockquote'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['link', 'image'],
  ['clean'],
];

// Quill's snow toolbar, as its stylesheet lays it out: buttons 28 x 24 px in groups 15 px apart,
// 8 px inside a 1 px border. The placeholder keeps this room so the page does not move when the
// toolbar arrives.
export const TOOLBAR_BUTTON = { width: 28, height: 24 } as const;
export const TOOLBAR_GROUP_GAP_PX = 15;
export const TOOLBAR_PADDING_PX = 8;
/** Quill's editor padding (its stylesheet), inside the minimum height. */
export const EDITOR_PADDING = '12px 15px';
