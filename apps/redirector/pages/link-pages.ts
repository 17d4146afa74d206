import { brandedPage, escapeHtml } from './html.js';

const FORM_STYLE = `
  form{margin-top:20px;text-align:left}
  label{display:block;font-weight:600;margin-bottom:6px;color:var(--text)}
  input[type=password]{width:100%;padding:10px 12px;border:1px solid var(--field);border-radius:6px;font-size:16px;
    background:var(--card);color:var(--text)}
  input[type=password]:focus{outline:2px solid var(--accent);border-color:var(--accent)}
  button{margin-top:16px;width:100%;padding:10px 12px;border:0;border-radius:6px;background:var(--accent);color:var(--on-accent);
    font-size:16px;font-weight:600;cursor:pointer}
  button:hover{background:var(--accent-strong)}
  .error{color:var(--error);background:var(--error-bg);border:1px solid var(--error-line);border-radius:6px;padding:8px 12px;margin-top:16px}
`;

/** The password form (posts to the same path). `error`: the message shown above the button. */
export function passwordPageHtml(error?: string): string {
  return brandedPage(
    'Password required',
    `<h1>Password required</h1>
<p>This link is protected. Enter its password to continue.</p>
<form method="post" autocomplete="off">
<label for="password">Password</label>
<input id="password" name="password" type="password" required minlength="1" maxlength="128" autofocus>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<button type="submit">Continue</button>
</form>`,
    FORM_STYLE,
  );
}

export const PASSWORD_FORM_HTML = passwordPageHtml();
export const WRONG_PASSWORD_HTML = passwordPageHtml('Incorrect password');
export const TOO_MANY_TRIES_HTML = brandedPage(
  'Too many tries',
  `<p class="code">429</p>
<h1>Too many tries</h1>
<p>Too many incorrect passwords for this link. Please try again in 15 minutes.</p>`,
);
export const EXPIRED_HTML = brandedPage(
  'This link has expired',
  `<p class="code">410</p>
<h1>This link has expired</h1>
<p>The owner of this short link set it to stop working.</p>`,
);
export const LOOP_HTML = brandedPage(
  'Redirect loop',
  `<p class="code">508</p>
<h1>This link redirects to itself</h1>
<p>Its destination leads back to this short-link service, so following it would never end.</p>
<p>If it is your link, change its destination to the page you mean.</p>`,
);
