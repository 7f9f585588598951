/**
 * Submits a hidden HTML form (POST) to another address in a new window: the
 * way the official-form preview and the external systems (paper declaration,
 * certificate system) are opened.
 */
export function postForm(action: string, fields: Record<string, string>, target = '_blank') {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = action;
  form.target = target;
  form.style.display = 'none';
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
