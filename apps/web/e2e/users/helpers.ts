import type { Page } from '@playwright/test';

/** The prompt opens once the news have loaded; users who saw the news never get it. */
export async function skipNewsPrompt(page: Page) {
  const prompt = page.getByRole('dialog', { name: 'Neuigkeiten' });
  const appeared = await prompt
    .waitFor({ timeout: 5000 })
    .then(() => true)
    .catch(() => false);
  if (appeared) await prompt.getByRole('button', { name: 'Ignorieren' }).click();
}
