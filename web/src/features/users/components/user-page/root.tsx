import { Navigate, useSearchParams } from 'react-router';
import { LIST_HREF, userPageView } from '../../utils/hrefs.ts';
import { RegisterUserPage } from './register.tsx';
import { UserDetailPage } from './detail/root.tsx';

/**
 * /user (SPEC.md §2): registration (`?mode=new`), or one user's details (`?user_id=…`) and its edit
 * form (`&mode=edit`). Without either it goes back to the list.
 */
export default function UserPage() {
  const [params] = useSearchParams();
  const view = userPageView(params);
  if (view.kind === 'register') return <RegisterUserPage />;
  if (view.kind === 'detail') return <UserDetailPage key={view.userId} userId={view.userId} edit={view.edit} />;
  return <Navigate to={LIST_HREF} replace />;
}
