// The small pages the unsubscribe link answers with (no front end: it works without a session).

const PAGES = {
  confirm: {
    title: 'Unsubscribe from the daily digest',
    body: `<p>Stop the daily e-mail about your due and overdue actions?</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
<p>You can turn it back on at any time in the settings.</p>`,
  },
  done: {
    title: 'You are unsubscribed',
    body: `<p>You will no longer receive the daily digest. You can turn it back on at any time in the settings.</p>`,
  },
} as const;

export function unsubscribePage(kind: keyof typeof PAGES): string {
  const page = PAGES[kind];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title}</title></head>
<body><h1>${page.title}</h1>
${page.body}
<p><a href="/app/settings">Settings</a></p>
</body></html>`;
}
