import { SignUpForm } from './sign-up-form';
import { PageTitle } from '@/components/ui/page-title';

export const metadata = { title: 'Sign up · Payment Network' };

export default function SignUpPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-sm flex-col justify-center gap-6 p-6">
      <PageTitle
        description={
          <>
            You start in the sandbox, linked to the Sandbox Bank. The network operator verifies you for
            production.
          </>
        }
      >
        Create a sandbox organization
      </PageTitle>
      <SignUpForm />
    </main>
  );
}
