import { useGetDatabaseUsersQuery } from '@mason/api-client';
import { EmptyState, Spinner, formatDateTime } from '@mason/ui-kit';
import {
  StyledCenter,
  StyledDataTable,
  StyledNull,
  StyledTableScroll,
} from './database-view.styles';
import { LoadProblem } from './load-problem';

export interface DatabaseUsersProps {
  projectId: string;
}

/** The people who signed up to the app (its development database), newest first. */
export function DatabaseUsers({ projectId }: DatabaseUsersProps) {
  const users = useGetDatabaseUsersQuery({ projectId });
  if (users.error !== undefined)
    return (
      <LoadProblem
        title="The app’s users could not be loaded"
        error={users.error}
        onRetry={() => void users.refetch()}
      />
    );
  if (!users.data)
    return (
      <StyledCenter>
        <Spinner label="Loading the app’s users" />
      </StyledCenter>
    );
  if (users.data.users.length === 0)
    return (
      <EmptyState
        titleAs="h3"
        title="No one has signed up yet"
        description="People who sign up in the preview show here."
      />
    );
  return (
    <StyledTableScroll>
      <StyledDataTable aria-label="The app’s users">
        <thead>
          <tr>
            <th scope="col">E-mail</th>
            <th scope="col">Signed up</th>
            <th scope="col">Last signed in</th>
            <th scope="col">Id</th>
          </tr>
        </thead>
        <tbody>
          {users.data.users.map((user) => (
            <tr key={user.id}>
              <td>{user.email}</td>
              <td>{formatDateTime(user.createdAt)}</td>
              <td>
                {user.lastSignInAt ? (
                  formatDateTime(user.lastSignInAt)
                ) : (
                  <StyledNull>Never</StyledNull>
                )}
              </td>
              <td>{user.id}</td>
            </tr>
          ))}
        </tbody>
      </StyledDataTable>
    </StyledTableScroll>
  );
}
