import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, signedInLoad } from './app/App';
import { Providers } from './app/providers';
import { applyColorModeEarly } from './components/ui/color-mode';

/** How long the first render waits for a stored session's check and chunks before it shows "Checking authentication...". */
const FIRST_RENDER_WAIT_MS = 300;

function renderApp() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <App />
      </Providers>
    </StrictMode>,
  );
}

applyColorModeEarly();

// With a stored session the check and the signed-in chunks are on their way (App): when they are in within a moment,
// the first render is already the signed-in page, in one commit, instead of the checking screen replaced a frame later.
if (signedInLoad) void Promise.race([signedInLoad, new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS))]).then(renderApp);
else renderApp();
