// Posts the sign-in as JSON, so the hub's JSON-only rule and its Origin check both apply; the
// answer sets the HttpOnly session cookie, then the console loads.
const form = document.getElementById('sign-in-form');
const error = document.getElementById('sign-in-error');

form.addEventListener('submit', async (event) => {
  event.preventDefault();
  error.textContent = '';
  const body = {
    operator: form.operator.value.trim(),
    token: form.token.value,
  };
  const project = form.project.value.trim();
  if (project) body.project = project;
  try {
    const response = await fetch('/console/sign-in', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    if (response.ok) {
      form.token.value = '';
      // Same URL, new answer: the hub now serves the console to this browser.
      location.hash = '#/agents';
      location.reload();
      return;
    }
    const failure = await response.json().catch(() => ({}));
    const e = failure.error || {};
    error.textContent = `${e.code || response.status}: ${e.message || 'sign-in failed'}`;
  } catch (e) {
    error.textContent = `the hub did not answer: ${e.message}`;
  }
  form.token.focus();
});
