import { SignUpForm } from './sign-up-form';

export const metadata = { title: 'Sign up · Payment Network' };

export default function SignUpPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <div>
        <h1 className="text-2xl font-semibold">Create a sandbox organization</h1>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          You start in the sandbox, linked to the Sandbox Bank. The network operator verifies you for
          production.
        </p>
      </div>
      <SignUpForm />
    </main>
  );
}
