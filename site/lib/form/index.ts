// The form kit: `useForm` (react-hook-form + the valibot resolver) and one `Field`, for every form.
export { Field, FormAlert, PasswordField, SubmitButton, useHydrated, type FieldProps } from './Field';
export { flattenErrors, focusFirstError, serverFieldErrors, useForm, wait, type FieldErrors, type SubmitOptions } from './use-form';
