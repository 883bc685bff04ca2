import { useState } from 'react';
import { auth } from '../auth';
import { useAction } from './use-action';

export type CodePurpose = 'sign-in' | 'email-verification' | 'forget-password';

/**
 * What every form that works with a mailed code keeps: the address the code went to, the
 * code typed, and sending one (again). `beforeSend` clears the form's own refusal, so that
 * an old "wrong code" does not stand beside the new code.
 */
export function useMailedCode(type: CodePurpose, beforeSend: () => void) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  // Mailing a code changes nothing shown.
  const send = useAction((to: string) => auth.emailOtp.sendVerificationOtp({ email: to, type }), { invalidates: [] });
  const sendCode = async (to: string) => {
    beforeSend();
    const { error } = await send.run(to);
    if (!error) {
      setSentTo(to);
      setCode('');
    }
  };
  return { sentTo, setSentTo, code, setCode, send, sendCode };
}
