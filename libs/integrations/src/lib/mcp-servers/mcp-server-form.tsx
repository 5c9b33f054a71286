import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import {
  CreateMcpServerRequestSchema,
  MCP_SERVER_NAME_MAX,
  UpdateMcpServerRequestSchema,
  type McpServer,
  type McpServerResponse,
} from '@mason/contract';
import {
  isApiError,
  useCreateMcpServerMutation,
  useUpdateMcpServerMutation,
} from '@mason/api-client';
import { Alert, Button, PlusIcon, TextField, TrashIcon, VisuallyHidden } from '@mason/ui-kit';
import { StyledText } from '../shared/plain-text';
import { StyledActions } from '../shared/section-styles';
import { Switch } from '../shared/switch';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
  min-width: 0;
`;

const StyledHeading = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.typography.fontSizes.md};
  font-weight: ${({ theme }) => theme.typography.fontWeights.semibold};
`;

const StyledHeaders = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space[3]};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;

  legend {
    padding: 0;
    margin-bottom: ${({ theme }) => theme.space[1]};
    font-size: ${({ theme }) => theme.typography.fontSizes.sm};
    font-weight: ${({ theme }) => theme.typography.fontWeights.medium};
  }
`;

/** A header's name and value side by side (one under the other on a phone), then Remove. */
const StyledHeaderRow = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(0, 3fr) auto;
  align-items: start;
  gap: ${({ theme }) => theme.space[2]};

  > button {
    margin-top: 1.6rem;
  }

  @media (max-width: 40rem) {
    grid-template-columns: minmax(0, 1fr) auto;

    > :nth-child(2) {
      grid-column: 1;
      grid-row: 2;
    }

    > button {
      grid-column: 2;
      grid-row: 1 / span 2;
      align-self: center;
      margin-top: 0;
    }
  }
`;

interface HeaderRow {
  key: number;
  name: string;
  value: string;
}

type Errors = Record<string, string>;

/** The first problem of each field, by its path ("name", "headers.0.value"). */
function errorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const errors: Errors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The fields the form shows an error at; a problem elsewhere is said above the buttons. */
const shownAt = (field: string) =>
  field === 'name' || field === 'url' || /^headers\.\d+\.(name|value)$/.test(field);

export interface McpServerFormProps {
  /** The server to change; none: a new one. */
  server?: McpServer;
  /** Saved: the server's answer (with `authorizeUrl` for an OAuth server still to authorize). */
  onSaved: (answer: McpServerResponse) => void;
  onCancel: () => void;
}

/**
 * Adds an MCP server (name, Streamable HTTP address, headers with secret values or OAuth), or
 * changes one (its name, address, or all of its headers at once: their values are never shown
 * again). Checked by the contract's schema first; the server's refusal (a name taken, a private
 * address, a server that does not answer as MCP) is shown at its field.
 */
export function McpServerForm({ server, onSaved, onCancel }: McpServerFormProps) {
  const headingId = useId();
  const [name, setName] = useState(server?.name ?? '');
  const [url, setUrl] = useState(server?.url ?? '');
  const [oauth, setOauth] = useState(false);
  const [replaceHeaders, setReplaceHeaders] = useState(!server);
  const [headers, setHeaders] = useState<HeaderRow[]>(() =>
    (server?.headerNames ?? []).map((headerName, index) => ({
      key: index,
      name: headerName,
      value: '',
    })),
  );
  const nextKey = useRef(headers.length);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [create, creating] = useCreateMcpServerMutation();
  const [update, updating] = useUpdateMcpServerMutation();
  const form = useRef<HTMLFormElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const [focusError, setFocusError] = useState(0);
  const busy = creating.isLoading || updating.isLoading;
  const usesOauth = server ? server.authKind === 'OAUTH' : oauth;

  // The form opens on its first field.
  useEffect(() => nameField.current?.focus(), []);

  // After a refusal, focus goes to the first field that says why.
  useEffect(() => {
    if (focusError === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusError]);

  const clear = (field: string) =>
    setErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  const setHeader = (key: number, part: 'name' | 'value', text: string) => {
    setHeaders((rows) => rows.map((row) => (row.key === key ? { ...row, [part]: text } : row)));
    const index = headers.findIndex((row) => row.key === key);
    clear(`headers.${index}.${part}`);
  };
  const addHeader = () => {
    setHeaders((rows) => [...rows, { key: nextKey.current, name: '', value: '' }]);
    nextKey.current += 1;
  };
  const removeHeader = (key: number) => {
    setHeaders((rows) => rows.filter((row) => row.key !== key));
    // The rows after it move up: their errors no longer match.
    setErrors((current) =>
      Object.fromEntries(Object.entries(current).filter(([field]) => !field.startsWith('headers'))),
    );
  };

  const refuse = (found: Errors, message?: string) => {
    setErrors(Object.fromEntries(Object.entries(found).filter(([field]) => shownAt(field))));
    const elsewhere = Object.entries(found).filter(([field]) => !shownAt(field));
    setFormError(
      message ?? (elsewhere.length > 0 ? elsewhere.map(([, text]) => text).join(' ') : null),
    );
    setFocusError((count) => count + 1);
  };

  const sentHeaders = () => headers.map((row) => ({ name: row.name.trim(), value: row.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const body = server
      ? {
          ...(name.trim() !== server.name ? { name: name.trim() } : {}),
          ...(url.trim() !== server.url ? { url: url.trim() } : {}),
          ...(replaceHeaders && !usesOauth ? { headers: sentHeaders() } : {}),
        }
      : {
          name: name.trim(),
          url: url.trim(),
          ...(oauth ? { oauth: true } : headers.length > 0 ? { headers: sentHeaders() } : {}),
        };
    const checked = (
      server ? UpdateMcpServerRequestSchema : CreateMcpServerRequestSchema
    ).safeParse(body);
    if (!checked.success) {
      refuse(errorsOf(checked.error.issues));
      return;
    }
    if (server && Object.keys(body).length === 0) {
      onCancel();
      return;
    }
    try {
      const answer = server
        ? await update({ serverId: server.id, ...body }).unwrap()
        : await create(checked.data as Parameters<typeof create>[0]).unwrap();
      onSaved(answer);
    } catch (caught) {
      if (!isApiError(caught)) {
        refuse({}, 'The server could not be saved. Try again.');
      } else if (caught.fieldErrors && Object.keys(caught.fieldErrors).length > 0) {
        refuse({ ...caught.fieldErrors });
      } else {
        refuse(
          {},
          caught.status === 400 ? (caught.serverMessage ?? caught.message) : caught.message,
        );
      }
    }
  };

  return (
    <StyledForm
      ref={form}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => void submit(event)}
    >
      <StyledHeading id={headingId}>
        {server ? `Change ${server.name}` : 'Add an MCP server'}
      </StyledHeading>
      <TextField
        ref={nameField}
        label="Name"
        hint={`Lowercase letters, digits and hyphens, at most ${MCP_SERVER_NAME_MAX}. The assistant sees its tools as mcp__${name.trim() || 'name'}__tool.`}
        placeholder="linear"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={name}
        error={errors['name']}
        onChange={(event) => {
          setName(event.target.value);
          clear('name');
        }}
      />
      <TextField
        label="Address"
        hint="The server’s Streamable HTTP endpoint, on a public address."
        placeholder="https://mcp.example.com/mcp"
        type="url"
        inputMode="url"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        value={url}
        error={errors['url']}
        onChange={(event) => {
          setUrl(event.target.value);
          clear('url');
        }}
      />
      {!server && (
        <Switch
          label="Sign in with OAuth"
          description="For a server that asks you to sign in: Mason registers itself with the server’s sign-in and sends you there to approve it. No headers are needed then."
          checked={oauth}
          onChange={setOauth}
        />
      )}
      {!usesOauth && !replaceHeaders && (
        <StyledActions>
          <StyledText>
            {headers.length > 0
              ? `Mason sends the headers ${headers.map((row) => row.name).join(', ')}; their values are not shown again.`
              : 'Mason sends no headers to this server.'}
          </StyledText>
          <Button size="sm" variant="outline" onClick={() => setReplaceHeaders(true)}>
            {headers.length > 0 ? 'Replace the headers' : 'Add headers'}
          </Button>
        </StyledActions>
      )}
      {!usesOauth && replaceHeaders && (
        <StyledHeaders>
          <legend>Headers (optional)</legend>
          <StyledText>
            Sent with every request, for a server that takes an API key or a token (for example{' '}
            <code>Authorization</code> with <code>Bearer …</code>). Values are kept encrypted and
            never shown again.
            {server && ' Saving replaces all of the server’s headers with these.'}
          </StyledText>
          {headers.map((row, index) => (
            <StyledHeaderRow key={row.key}>
              <TextField
                label={
                  <>
                    Name<VisuallyHidden> of header {index + 1}</VisuallyHidden>
                  </>
                }
                placeholder="Authorization"
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                value={row.name}
                error={errors[`headers.${index}.name`]}
                onChange={(event) => setHeader(row.key, 'name', event.target.value)}
              />
              <TextField
                label={
                  <>
                    Value<VisuallyHidden> of header {index + 1}</VisuallyHidden>
                  </>
                }
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={row.value}
                error={errors[`headers.${index}.value`]}
                onChange={(event) => setHeader(row.key, 'value', event.target.value)}
              />
              <Button
                variant="ghost"
                size="icon-sm"
                aria-label={`Remove header ${index + 1}`}
                onClick={() => removeHeader(row.key)}
              >
                <TrashIcon size={16} />
              </Button>
            </StyledHeaderRow>
          ))}
          <div>
            <Button
              size="sm"
              variant="outline"
              leadingIcon={<PlusIcon size={14} />}
              onClick={addHeader}
            >
              Add a header
            </Button>
          </div>
        </StyledHeaders>
      )}
      {formError && (
        <Alert
          tone="error"
          title={server ? 'The server was not changed' : 'The server was not added'}
        >
          {formError}
        </Alert>
      )}
      <StyledActions>
        <Button type="submit" loading={busy} loadingText={server ? 'Saving…' : 'Connecting…'}>
          {server ? 'Save' : oauth ? 'Add and sign in' : 'Add the server'}
        </Button>
        <Button variant="ghost" disabled={busy} onClick={onCancel}>
          Cancel
        </Button>
      </StyledActions>
    </StyledForm>
  );
}
