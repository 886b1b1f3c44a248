import { useState } from 'react';
import { useNavigate } from 'react-router';
import { showToast } from '../../lib/feedback.ts';
import { LOGIN_PATH } from '../../lib/navigation.ts';
import { type AppForm, showFieldErrors } from '../../lib/validate.ts';

/**
 * Submitting an account form (sign-up, password reset) whose success shows the server's message and goes
 * to the login page with the username filled in; a refusal marks the form's fields it names.
 */
export function useSubmitThenLogin(form: AppForm) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const run = async (username: string, request: () => Promise<{ msg: string }>) => {
    setBusy(true);
    try {
      const { msg } = await request();
      showToast(msg);
      navigate(LOGIN_PATH, { replace: true, state: { username: username.trim() } });
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
