import { useEffect } from 'react';
import type { AppForm } from './formErrors.ts';

/**
 * What a member typed into a prerendered form before React hydrated it (build/prerender.ts paints the login page
 * before the app's script runs): React keeps the typed text in the inputs but the form's store starts empty, so
 * a submit would say the fields are required. Once hydrated, the inputs' values go into the store, and the form is
 * marked `data-hydrated`: the boot script (build/boot-script.ts) holds a submit of the painted form until then.
 * `inputs`: the form's field names and their inputs' ids.
 */
export function useTypedBeforeHydration(form: AppForm, inputs: Record<string, string>): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration.
  useEffect(() => {
    const elements = Object.entries(inputs).map(
      ([name, id]) => [name, document.querySelector<HTMLInputElement>(`#${id}`)] as const,
    );
    const typed = elements
      .map(([name, input]) => [name, input?.value ?? ''] as const)
      .filter(([, value]) => value !== '');
    if (typed.length > 0) form.setFieldsValue(Object.fromEntries(typed));
    elements[0]?.[1]?.form?.setAttribute('data-hydrated', '');
  }, []);
}
