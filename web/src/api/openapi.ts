// Generated from the API's OpenAPI description by `npm run web:api-types`: do not edit.
// test/api/openapi.test.ts fails when a route changes and this file is not regenerated.
export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Health of the service and the systems it depends on */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The API's metrics in the Prometheus text format (docs/observability.md)
         * @description Needs `Authorization: Bearer <METRICS_TOKEN>`; answers 404 when METRICS_TOKEN is not set.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether OIDC login is enabled, and how */
        get: operations["getAuthConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller, with effective permissions */
        get: operations["getCurrentUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sign in: redirects the browser to the identity provider (authorization code with PKCE) */
        get: operations["login"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Completes sign-in: checks the answer, creates the session, sets the svc_sid cookie
         * @description Checks state (single use, bound to the browser), nonce, PKCE and the ID token (signature, issuer, audience, expiry), then redirects to the returnTo given at login.
         */
        get: operations["authCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ends the session and clears the cookie; answers the provider's logout URL when it has one */
        post: operations["logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-in-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Development mode only: signs in with a one-time link printed by npm start or the admin CLI
         * @description The link (single use, 15 minutes) creates a normal session of its user and redirects to the console. Only in development mode, where no identity provider is configured (docs/authentication.md).
         */
        get: operations["redeemSignInLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The session's lifetimes (spec 2.12): the provider's where it tells them, else the local TTL */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session/extend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resets the local TTL to 24 hours, refreshes the cookie, keeps the provider session alive (if any) */
        post: operations["extendSession"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's API tokens (or everyone's, with all=true and user:manage) */
        get: operations["listApiTokens"];
        put?: never;
        /**
         * Create an API token carrying a subset of the caller's permissions
         * @description A token created with a token is its child: it expires no later than its parent (400 for a later expiresAt; none means the parent's) and is revoked with it.
         */
        post: operations["createApiToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an API token and every token minted from it */
        delete: operations["revokeApiToken"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Audit entries, newest first by default */
        get: operations["listAuditLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-sinks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the sinks the audit trail is streamed to (never their secrets) */
        get: operations["listAuditSinks"];
        put?: never;
        /**
         * Create an audit sink: syslog over TLS or signed HTTPS batches
         * @description Streaming starts at once, from the entries sealed after now (or the whole trail with startAt beginning). An https sink without a secret gets a generated one, shown only in this response.
         */
        post: operations["createAuditSink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit-sinks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An audit sink, with its cursor, backlog and last error */
        get: operations["getAuditSink"];
        put?: never;
        post?: never;
        /** Delete an audit sink; its stream stops */
        delete: operations["deleteAuditSink"];
        options?: never;
        head?: never;
        /**
         * Rename, enable or disable an audit sink, or replace its config or secret
         * @description A disabled sink keeps its cursor: enabled again, it resumes where it stopped.
         */
        patch: operations["updateAuditSink"];
        trace?: never;
    };
    "/api/audit-sinks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send one test event to an audit sink and say whether it accepted it
         * @description The test event (action audit_sink.tested) is not an audit entry: it moves no cursor.
         */
        post: operations["testAuditSink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List workflow definitions, as summaries without variables and steps */
        get: operations["listWorkflows"];
        put?: never;
        /** Create a draft (lenient validation: shape only) */
        post: operations["createWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dry-run validation; strict: true applies the publish-time rules. Nothing is saved. */
        post: operations["validateWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/step-types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every step type with its outcomes and the JSON Schema of its config, for editors */
        get: operations["listStepTypes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/flowchart": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * The Mermaid flowchart of a definition that is not stored (an editor's unsaved draft)
         * @description The same flowchart as GET /api/workflows/:id/docs?format=mermaid, drawn from the steps sent. Nothing is validated or saved: a transition to a step that does not exist is drawn as a missing step.
         */
        post: operations["renderWorkflowFlowchart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One workflow definition, with a link to its previous version */
        get: operations["getWorkflow"];
        /**
         * Replace a draft (drafts only; 409 for other statuses)
         * @description Without If-Match the body is a whole definition: every field, null for no project, workflow set or subject variable (400 listing the fields left out). With If-Match: "<revision>" (the ETag of GET) the fields sent replace the stored ones and the others are kept; a stale revision is a 412. A project or workflowSet other than the current ones moves the draft, which needs workflow:move (403 otherwise).
         */
        put: operations["updateWorkflow"];
        post?: never;
        /** Soft delete (restorable) */
        delete: operations["deleteWorkflow"];
        options?: never;
        head?: never;
        /**
         * Change some fields of a draft; the fields left out keep their values
         * @description Send If-Match: "<revision>" (the ETag of GET) to refuse the change (412) if the draft changed since you read it. Moving to another project or workflow set needs workflow:move, as with PUT.
         */
        patch: operations["patchWorkflow"];
        trace?: never;
    };
    "/api/workflows/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a soft-deleted workflow */
        post: operations["restoreWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/permanent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Permanently delete a soft-deleted workflow; its clones lose sourceWorkflowId */
        delete: operations["permanentlyDeleteWorkflow"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Draft to active after strict validation; optionally deprecates the previous version atomically
         * @description Versions of this workflow that stay active are listed in otherActiveVersions, with a notice: they keep taking new runs until deprecated (spec 9). deprecatePreviousVersionId names an earlier version of this workflow; one already deprecated is left as it is.
         */
        post: operations["publishWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/deprecate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Active to deprecated (needs project authority); existing runs continue, new ones are refused */
        post: operations["deprecateWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/revert-to-draft": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Active or deprecated back to draft; confirmationName must equal the name (needs project authority) */
        post: operations["revertWorkflowToDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/create-version": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** New draft cloned from an active or deprecated workflow (needs project authority) */
        post: operations["createWorkflowVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/move": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Move a workflow to another project and workflow set (or out of any) */
        post: operations["moveWorkflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/diff": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What changed from version `against` to this one (same version chain) */
        get: operations["diffWorkflowVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a run; drafts start test runs, deprecated workflows are refused with 400 */
        post: operations["startRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue (or replace) the secret of the workflow's webhook trigger; shown once; also needs workflow:start */
        post: operations["issueWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/workflows/{id}/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Generated documentation: Markdown (default) or a Mermaid flowchart */
        get: operations["getWorkflowDocs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List runs, newest first */
        get: operations["listRuns"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A run with its step statuses, Temporal workflow id and Temporal UI link */
        get: operations["getRun"];
        /** Edit run variables while the run is pending, running or waiting */
        put: operations["updateRunVariables"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The step timeline, with sanitized inputs and outputs (connector bodies included) and, on approval steps, who decided, how and with what comment */
        get: operations["listRunSteps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}/diagnose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Failure analysis: statuses, the failed step and its error, audit trail, variables, suggested actions */
        get: operations["diagnoseRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resume a failed run at the failed step, with the current variables */
        post: operations["retryRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}/skip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Skip the failed step of a failed run and continue on its success path */
        post: operations["skipFailedStep"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a run; its open approvals and tasks are closed as cancelled */
        post: operations["cancelRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hooks/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a run of a workflow with the webhook trigger; send its secret as X-Webhook-Secret (or Authorization: Bearer)
         * @description An optional Idempotency-Key header (1 to 255 printable ASCII characters) makes repeated deliveries start one run: a delivery with a key this workflow has seen, and the same variables, answers 200 with the run the first one started and starts nothing; with other variables it is a 409.
         */
        post: operations["startRunFromWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List schedules */
        get: operations["listSchedules"];
        put?: never;
        /** Create a schedule (and its Temporal Schedule); also needs workflow:start */
        post: operations["createSchedule"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/schedules/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One schedule */
        get: operations["getSchedule"];
        put?: never;
        post?: never;
        /** Delete a schedule (and its Temporal Schedule) */
        delete: operations["deleteSchedule"];
        options?: never;
        head?: never;
        /** Update a schedule; enabled: false pauses it, true resumes it (changing workflowId or variables, or resuming, also needs workflow:start) */
        patch: operations["updateSchedule"];
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users */
        get: operations["listUsers"];
        put?: never;
        /** Create a user (unconfirmed until its first interactive login); joins organizations by email domain */
        post: operations["createUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One user */
        get: operations["getUser"];
        put?: never;
        post?: never;
        /** Soft delete (restorable; the last admin cannot be deleted) */
        delete: operations["deleteUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/{id}/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Replace a user's roles (the last admin cannot lose admin) */
        patch: operations["updateUserRoles"];
        trace?: never;
    };
    "/api/users/{id}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Edit profile attributes (recorded with source manual) */
        patch: operations["updateUserProfile"];
        trace?: never;
    };
    "/api/users/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a soft-deleted user (409 if its email was taken meanwhile) */
        post: operations["restoreUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The names and emails of up to 100 users, by id (unknown ids are left out) */
        get: operations["getUserNames"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List groups */
        get: operations["listGroups"];
        put?: never;
        /** Create a group */
        post: operations["createGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One group */
        get: operations["getGroup"];
        /** Replace a group */
        put: operations["replaceGroup"];
        post?: never;
        /** Delete a group that is not in use */
        delete: operations["deleteGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Members of a group */
        get: operations["listGroupMembers"];
        put?: never;
        /** Add a member (409 if already one) */
        post: operations["addGroupMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a member */
        delete: operations["removeGroupMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim-clients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List SCIM clients (never their tokens) */
        get: operations["listScimClients"];
        put?: never;
        /** Create a SCIM client; its token is shown once */
        post: operations["createScimClient"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim-clients/{id}/rotate-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replace the token of a SCIM client; the old one stops working, the new one is shown once */
        post: operations["rotateScimClientToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scim-clients/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a SCIM client; its token stops working, the users and groups it provisioned stay
         * @description The client’s own record of its users and groups (their SCIM external ids and resources) goes with it, so another SCIM client may link those users and groups later (docs/scim.md, "Deleting a client").
         */
        delete: operations["deleteScimClient"];
        options?: never;
        head?: never;
        /** Enable or disable a SCIM client */
        patch: operations["updateScimClient"];
        trace?: never;
    };
    "/api/approvals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's pending approvals (approval:decide_any: everyone's with all=true, with filters) */
        get: operations["listApprovals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/approvals/{id}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve or reject; answered once the decision is durably recorded */
        post: operations["decideApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/approvals/{id}/reassign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hand a pending approval from one of its listed approvers to another user (for an approver who is away) */
        post: operations["reassignApproval"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's open tasks (task:complete_any: everyone's with all=true) */
        get: operations["listTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete a task with the values its fields declare; they join the run variables */
        post: operations["completeTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/reassign": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Hand an open task to another user, replacing its assignee or role (for an assignee who is away) */
        post: operations["reassignTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's notifications, newest first, with the number unread */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/unread-count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many of the caller's notifications are unread (the console's bell polls it) */
        get: operations["countUnreadNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark all the caller's notifications read (for the caller only, on role notifications) */
        post: operations["markAllNotificationsRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark one notification read for the caller */
        post: operations["markNotificationRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Projects with their workflow sets */
        get: operations["listProjects"];
        put?: never;
        /** Create a project (the creator becomes its owner) */
        post: operations["createProject"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One project */
        get: operations["getProject"];
        /** Rename or describe a project */
        put: operations["updateProject"];
        post?: never;
        /** Delete a project that holds no workflows */
        delete: operations["deleteProject"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/workflow-sets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a workflow set */
        post: operations["createWorkflowSet"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/workflow-sets/{setId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Rename or describe a workflow set */
        put: operations["updateWorkflowSet"];
        post?: never;
        /** Delete an empty workflow set */
        delete: operations["deleteWorkflowSet"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/projects/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Make a user an owner or member of the project (project authority over its workflows) */
        put: operations["setProjectMember"];
        post?: never;
        /** Remove a user from the project */
        delete: operations["removeProjectMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Organizations with member counts and parent names */
        get: operations["listOrganizations"];
        put?: never;
        /** Create an organization */
        post: operations["createOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One organization with members, children and parent name */
        get: operations["getOrganization"];
        /** Change an organization (all fields optional; null clears one) */
        put: operations["updateOrganization"];
        post?: never;
        /** Soft-delete an organization (restorable) */
        delete: operations["deleteOrganization"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/restore": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Restore a soft-deleted organization */
        post: operations["restoreOrganization"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/permanent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a soft-deleted organization for good (its children lose their parent) */
        delete: operations["permanentlyDeleteOrganization"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/children": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Direct active children of an organization */
        get: operations["listOrganizationChildren"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give a user a role in the organization (a user may hold several) */
        post: operations["addOrganizationMember"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/organizations/{id}/members/{userId}/roles/{role}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove one role of a user in the organization */
        delete: operations["removeOrganizationMemberRole"];
        options?: never;
        head?: never;
        /**
         * Move a user from one role in the organization to another, in one step
         * @description The user never holds both roles or neither. Audited as organization.member_removed and organization.member_added, each naming the other role. The role the user holds already is a no-op.
         */
        patch: operations["changeOrganizationMemberRole"];
        trace?: never;
    };
    "/api/connectors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List connectors */
        get: operations["listConnectors"];
        put?: never;
        /** Create a connector; for a built-in handler, type is the handler name and executionModel built_in */
        post: operations["createConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/handlers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Connector handlers this service can run, with their commands */
        get: operations["listConnectorHandlers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One connector (secret values are never shown) */
        get: operations["getConnector"];
        /** Update a connector: settings, secrets (merged; null removes), configSchema, enabled */
        put: operations["updateConnector"];
        post?: never;
        /** Delete a connector (refused while an active workflow or an entitlement uses it) */
        delete: operations["deleteConnector"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run the handler's test command */
        post: operations["testConnector"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/resources": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of the connector's synced records, filtered by resource type, search term and staleness */
        get: operations["listConnectorResources"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All sync configs of the connector, one per resource type */
        get: operations["listSyncConfigs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-config/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sync config of one resource type */
        get: operations["getSyncConfig"];
        /**
         * Create the sync config of a resource type (defaults for fields not sent) or change the fields sent
         * @description Registers, updates or removes the Temporal Schedule cr-sync-<connector id>-<type>: it exists while the config is enabled with a cronSchedule.
         */
        put: operations["putSyncConfig"];
        post?: never;
        /** Remove the sync config of a resource type and its Temporal Schedule (synced records stay) */
        delete: operations["deleteSyncConfig"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-config/{type}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Last status, error and statistics of the sync of a resource type */
        get: operations["getSyncStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-config/{type}/trigger": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a sync pass now and wait for it
         * @description A failed pass still answers 200, with status error and the message; the config then shows status error. While a pass of the same connector and type runs, the trigger is refused with 409.
         */
        post: operations["triggerSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-config/{type}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * What a sync pass would do now, with the stored config or with changes to it, without changing anything
         * @description Reads every page of the list command with the filter rules and runs the post-sync decisions as a pass would, inside a database transaction that is always rolled back: no record, match, user, audit entry or status is written, no run started. The body takes the fields of the PUT body, applied over the stored config (or the defaults when none is stored). Answers counts and the first 100 of each list. A connector failure or the time limit is answered 200 with status error or timed_out. Needs connector:manage and connector:read.
         */
        post: operations["previewSync"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-config/{type}/held-deactivations/release": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate the users the deletion safeguard held
         * @description Each held user is checked again: one linked again, whose record is current again, already deleted, or the last active admin is kept. The hold is cleared.
         */
        post: operations["releaseHeldDeactivations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-config/{type}/held-deactivations/discard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Drop the deactivations the deletion safeguard held; the users stay active */
        post: operations["discardHeldDeactivations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-matches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of the matches of the connector's records of one type */
        get: operations["listSyncMatches"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-matches/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Counts of the matches, per status and per confidence: of one type, or of every type
         * @description Without `type` the counts cover every type, and `byType` gives those of each.
         */
        get: operations["getSyncMatchStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-matches/bulk-resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Link (manual_override) or skip many matches of this connector at once
         * @description Only matches of this connector change; the other listed ids are returned in notFound. link needs userId.
         */
        post: operations["bulkResolveSyncMatches"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-matches/{matchId}/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resolve a match: link it to a user, skip it, or create a user for it
         * @description link (needs userId) and create make the match manual_override with confidence exact; skip makes it skipped. Later sync passes leave resolved matches alone until they are unlinked. create makes an unconfirmed requestor from the record email.
         */
        post: operations["resolveSyncMatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/sync-matches/{matchId}/unlink": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Unlink a match: back to unmatched, link and resolution cleared; a later pass matches it again */
        post: operations["unlinkSyncMatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/reconciliation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Orphan accounts, and active accounts of inactive users, from the connector’s user sync
         * @description Both lists come from the records of the connector’s user sync and their matches; `page`, `pageSize`, `sortBy` and `sortOrder` apply to each.
         */
        get: operations["getConnectorReconciliation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/cache": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Live entries and the hit and miss counters of the connector's record cache */
        get: operations["getRecordCacheStatus"];
        put?: never;
        post?: never;
        /** Remove entries of the connector's record cache: all, those of a type, or those of one key */
        delete: operations["clearRecordCache"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/connectors/{id}/webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new webhook secret for the connector's resource webhook; the previous one stops working
         * @description The secret is in this response only; it is stored sealed with CONNECTOR_SECRET_KEY.
         */
        post: operations["rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/webhooks/{connectorId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A connected system reports a created, updated or deleted record (docs/sync.md)
         * @description Signed with the connector's webhook secret: x-flowgate-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<event id>.<raw body>">, x-flowgate-timestamp (Unix seconds, within 5 minutes) and x-flowgate-event-id. A delivery whose event id was applied before answers 200 with alreadyApplied true and changes nothing.
         */
        post: operations["receiveResourceEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/entitlements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List entitlements */
        get: operations["listEntitlements"];
        put?: never;
        /** Create a entitlement */
        post: operations["createEntitlement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/entitlements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One entitlement */
        get: operations["getEntitlement"];
        /** Replace a entitlement */
        put: operations["replaceEntitlement"];
        post?: never;
        /** Delete a entitlement that is not in use */
        delete: operations["deleteEntitlement"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/entitlements/{id}/owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set or clear the owner of a entitlement
         * @description The owner reviews its holders in access reviews whose reviewers are `owner`; exports leave owners out.
         */
        put: operations["setEntitlementOwner"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List business roles */
        get: operations["listBusinessRoles"];
        put?: never;
        /** Create a business role */
        post: operations["createBusinessRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/roles/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One business role */
        get: operations["getBusinessRole"];
        /** Replace a business role */
        put: operations["replaceBusinessRole"];
        post?: never;
        /** Delete a business role that is not in use */
        delete: operations["deleteBusinessRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/roles/{id}/owner": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set or clear the owner of a business role
         * @description The owner reviews its holders in access reviews whose reviewers are `owner`; exports leave owners out.
         */
        put: operations["setBusinessRoleOwner"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/roles/{id}/assignments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who holds the role (all statuses) */
        get: operations["listBusinessRoleAssignments"];
        put?: never;
        /** Grant the role to a user, provisioning each entitlement (rolled back if one fails) */
        post: operations["assignBusinessRole"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/roles/{id}/assignments/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke the role from a user, deprovisioning each entitlement */
        delete: operations["revokeBusinessRole"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Campaigns with their status and progress */
        get: operations["listAccessReviews"];
        put?: never;
        /**
         * Create a campaign (a draft)
         * @description Every business role, entitlement, group, organization, connector and user it names must exist: a 400 names the field otherwise.
         */
        post: operations["createAccessReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/my-items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's undecided items across active campaigns
         * @description Needs no permission: every reviewer sees the items put to them.
         */
        get: operations["listMyAccessReviewItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One campaign with its progress */
        get: operations["getAccessReview"];
        /** Replace the definition of a draft campaign */
        put: operations["replaceAccessReview"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate the items of a draft campaign and start it
         * @description Writes one item per person and access in the scope, each with its reviewer and recommendations, sets the due date and starts the campaign's workflow. 400 when the scope holds nothing or some items have no possible reviewer (the message says how many).
         */
        post: operations["startAccessReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A campaign's items
         * @description Holders of review:read see every item; anyone else only the items put to them (404 when there are none).
         */
        get: operations["listAccessReviewItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/items/bulk-decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Decide several of the caller's own items at once, all or nothing
         * @description Only items put to the caller: one that is not refuses the whole request (404).
         */
        post: operations["bulkDecideAccessReviewItems"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/items/{itemId}/decide": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Keep or revoke the access of one item
         * @description The item's reviewer, or a holder of review:manage; anyone else gets a 404. A comment is required for revoke, and for keep when the campaign says so.
         */
        post: operations["decideAccessReviewItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/items/{itemId}/delegate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hand one undecided item to another reviewer
         * @description Never to the item's subject, nor to the caller or its current reviewer (400).
         */
        post: operations["delegateAccessReviewItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a draft or active campaign without removing anything
         * @description Its items keep their decisions and take no more; an active campaign's workflow is cancelled.
         */
        post: operations["cancelAccessReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/close": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Close a campaign now, or close a closing one for good
         * @description An active campaign stops taking decisions: what is undecided follows its whenUnanswered policy, and its revokes are carried out (or wait for a go without autoRemediate), acting as the caller. A closing campaign whose removals wait or failed is closed for good as it stands, its report frozen.
         */
        post: operations["closeAccessReview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/remediate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give the go to the removals that wait for it, and retry those that failed
         * @description All of them, or the items named in itemIds. They act as the caller from now on. Only while the campaign is closing.
         */
        post: operations["approveAccessReviewRemovals"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/recurrence": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop a campaign from starting the next ones by itself
         * @description The campaigns it started stay as they are.
         */
        delete: operations["stopAccessReviewRecurrence"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/access-reviews/{id}/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The campaign's evidence: its definition and every item, as JSON or CSV
         * @description The same campaign state gives the same bytes; `X-Report-SHA256` carries their SHA-256 (hex). A closed campaign answers the report frozen when it closed, whose hash the access_review.closed audit entry records. The CSV has one row per item; the JSON has the definition as well.
         */
        get: operations["getAccessReviewReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/workflow-stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Runs per definition and status, success rate and durations (runs by start time) */
        get: operations["getWorkflowStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/sla-compliance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Share of approvals and tasks finished within their SLA (items by creation time)
         * @description Rules: docs/reports.md.
         */
        get: operations["getSlaCompliance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports/approver-performance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Decisions, time to decide and pending approvals per approver (approvals by creation time) */
        get: operations["getApproverPerformance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List email templates */
        get: operations["listEmailTemplates"];
        put?: never;
        /** Create a email template */
        post: operations["createEmailTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One email template */
        get: operations["getEmailTemplate"];
        /** Replace a email template */
        put: operations["replaceEmailTemplate"];
        post?: never;
        /** Delete a email template that is not in use */
        delete: operations["deleteEmailTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email-templates/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render unsaved template sources with sample inputs, as a notification step would */
        post: operations["previewEmailTemplateDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/email-templates/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Render a saved email template with sample inputs, as a notification step would */
        post: operations["previewEmailTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/document-templates": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List document templates */
        get: operations["listDocumentTemplates"];
        put?: never;
        /** Create a document template */
        post: operations["createDocumentTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/document-templates/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One document template */
        get: operations["getDocumentTemplate"];
        /** Replace a document template */
        put: operations["replaceDocumentTemplate"];
        post?: never;
        /** Delete a document template that is not in use */
        delete: operations["deleteDocumentTemplate"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/document-templates/{id}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The value each placeholder would receive from sample variables (the document itself lives elsewhere) */
        post: operations["previewDocumentTemplate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Export whole sections as a portable document */
        get: operations["exportConfiguration"];
        put?: never;
        /**
         * Export named entities, with what they depend on by default
         * @description Names that match nothing are a 400 listing them.
         */
        post: operations["exportSelectedConfiguration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config/import/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Dry run of an import: the same answer, nothing written
         * @description Runs the import in a transaction that is rolled back. A document with problems is a 400 listing each by section and name.
         */
        post: operations["previewConfigurationImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/config/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a configuration document in one transaction
         * @description A document with problems is a 400 listing each by section and name, and nothing is written. Entries the services refuse are reported in details and the rest applied; a database failure rolls everything back (500). Schedules are registered with Temporal after the commit.
         */
        post: operations["importConfiguration"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Interactive API explorer */
        get: operations["getApiExplorer"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/explorer.js": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start-up script of the explorer */
        get: operations["getApiExplorerScript"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OpenAPI 3.0 description of this API */
        get: operations["getOpenApiDescription"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/docs/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Static asset of the explorer */
        get: operations["getApiExplorerAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Error: {
            statusCode: number;
            /** @description HTTP reason phrase */
            error: string;
            /** @description Stable machine-readable error code */
            code: string;
            message: string;
            /** @description Validation issues and other specifics, for client errors only */
            details?: unknown;
        };
        /** @description Entry point of the workflow; exactly one per workflow. */
        StepConfig_start: Record<string, never>;
        /** @description Completes the run; has no transitions. */
        StepConfig_end: Record<string, never>;
        /** @description Sends an in-app notification (and an email when SMTP is configured). */
        StepConfig_notification: {
            /** @description User id, role name or {{variable}} of the recipient */
            recipientId: string;
            /** @description Name of an email template */
            template?: string;
            subject?: string;
            /** @description Message text; {{variable}} interpolation applies */
            message?: string;
        };
        /** @description Asks approvers for a decision and waits for it. */
        StepConfig_approval: {
            /** @description User ids, emails, role names or {{variable}} references; when the step starts they must name an active person, or the step fails (invalid_approvers) */
            approvers: string[];
            /**
             * @description any (default), all, or a quorum { atLeast: N }, N at most 10000
             * @default any
             */
            mode: ("any" | "all") | {
                atLeast: number;
            };
            /** @description A duration: a whole number followed by ms, s, m, h or d, at most 36500 days */
            timeout?: string;
            /** @default false */
            allowSelfApproval: boolean;
            escalation?: {
                /** @description A duration: a whole number followed by ms, s, m, h or d, at most 36500 days */
                after: string;
                addApprovers?: string[];
                notify?: string[];
            };
            message?: string;
        };
        /** @description Asks a person to complete a form and waits for it. */
        StepConfig_task: {
            /** @description User id, email, role name or {{variable}} of the assignee; when the step starts it must name an active person, or the step fails (invalid_assignee) */
            assignee: string;
            title?: string;
            instructions?: string;
            /**
             * @description Values the completion must supply
             * @default []
             */
            fields: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "boolean" | "date";
                label?: string;
                /** @default true */
                required: boolean;
                /** @description String fields only: the allowed values (the console offers them as a list) */
                choices?: string[];
            }[];
            /** @description A duration: a whole number followed by ms, s, m, h or d, at most 36500 days */
            timeout?: string;
        };
        /** @description Branches on a boolean CEL expression over the run variables. */
        StepConfig_condition: {
            /** @description A CEL expression that evaluates to a boolean */
            expression: string;
        };
        /** @description Runs a command of a connector. */
        StepConfig_connector: {
            /** @description Connector name */
            connector: string;
            /** @description Command name */
            command: string;
            /**
             * @description The command's parameters; publishing checks them against the JSON Schema the command declares (names always, values as far as placeholders allow)
             * @default {}
             */
            parameters: {
                [key: string]: unknown;
            };
            simulateFailure?: boolean | string;
            /** @description Variable that receives the result data */
            outputVariable?: string;
        };
        /** @description Grants a business role to a user, provisioning its entitlements. */
        StepConfig_role_grant: {
            /** @description Business role name; publishing needs a role written out to exist */
            role: string;
            /** @description User id or {{variable}} of the user */
            subject: string;
            /**
             * @default skip
             * @enum {string}
             */
            onDuplicate: "skip" | "error";
        };
        /** @description Revokes a business role from a user, deprovisioning its entitlements. */
        StepConfig_role_revoke: {
            /** @description Business role name; publishing needs a role written out to exist */
            role: string;
            /** @description User id or {{variable}} of the user */
            subject: string;
        };
        /** @description Collects the accounts a connector's reconciliation reports (orphans, active accounts of inactive users) into a batch, or deactivates a batch collected earlier in the run. */
        StepConfig_account_reconciliation: {
            /** @description Connector name; the connector needs a user sync (its reconciliation) */
            connector: string;
            /**
             * @description collect: snapshot the accounts into a batch (output: batchId, count, names, preview); deactivate: deactivate the batch the step named by `from` collected
             * @enum {string}
             */
            action: "collect" | "deactivate";
            /**
             * @description collect: the reconciliation lists to take accounts from
             * @default [
             *       "orphans",
             *       "activeAccountsOfInactiveUsers"
             *     ]
             */
            lists: ("orphans" | "activeAccountsOfInactiveUsers")[];
            /**
             * @description collect: at most this many accounts (at most 10000); the output says when more were left out
             * @default 1000
             */
            limit: number;
            /** @description deactivate (required there): the id of the collect step whose batch to deactivate */
            from?: string;
        };
        /** @description Waits for a duration (a durable timer). */
        StepConfig_delay: {
            /** @description A duration: a whole number followed by ms, s, m, h or d, at most 36500 days */
            duration: string;
        };
        Health: {
            /** @enum {string} */
            status: "ok" | "unavailable";
            database: {
                /** @enum {string} */
                status: "up" | "down";
                error?: string;
            };
            temporal: {
                /** @enum {string} */
                status: "up" | "down";
                error?: string;
            };
        };
        AuthConfig: {
            /** @description False in development mode: API tokens only */
            oidcEnabled: boolean;
            issuer: string | null;
            clientId: string | null;
            scope: string | null;
            /** @description True when OIDC_CLIENT_ID is set: GET /api/auth/login signs people in */
            loginEnabled: boolean;
        };
        Me: {
            /** Format: uuid */
            id: string;
            email: string | null;
            displayName: string | null;
            roles: string[];
            permissions: ("workflow:read" | "run:read" | "task:read" | "project:read" | "org:read" | "token:manage" | "workflow:create" | "workflow:update" | "workflow:publish" | "approval:read" | "approval:decide" | "report:read" | "schedule:read" | "schedule:manage" | "workflow:start" | "task:complete" | "role_definition:read" | "group:read" | "config:export" | "review:manage" | "review:decide" | "review:read" | "approval:decide_any" | "task:complete_any" | "project:authority_any" | "workflow:delete" | "workflow:move" | "run:cancel" | "run:update" | "project:create" | "project:update" | "project:delete" | "workflow_set:manage" | "user:read" | "user:manage" | "role:manage" | "connector:read" | "connector:manage" | "connector:execute" | "audit:read" | "audit_sink:manage" | "org:manage" | "config:import")[];
            /** @enum {string} */
            via: "api_token" | "oidc_token" | "session";
            apiToken?: {
                /** Format: uuid */
                id: string;
                name: string;
                prefix: string;
            };
        };
        Logout: {
            /** @description The provider's RP-initiated logout URL to send the browser to, when it offers one */
            endSessionUrl: string | null;
        };
        SessionInfo: {
            /** @description Absolute session ceiling, seconds */
            maxSessionLifetime: number;
            /** @description Idle ceiling, seconds */
            maxIdleSessionLifetime: number;
            remainingSessionLifetime: number;
            remainingIdleLifetime: number;
            /** @description Remaining time of the service-side session, seconds */
            flohSessionTtl: number;
        };
        CreatedApiToken: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Public part of the token, shown in listings and audit entries */
            prefix: string;
            permissions: string[];
            /** Format: uuid */
            userId: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string | null;
            /** Format: date-time */
            lastUsedAt: string | null;
            /** Format: date-time */
            revokedAt: string | null;
            /**
             * Format: uuid
             * @description The token this one was created with; it expires no later than that one and is revoked with it
             */
            parentId: string | null;
            /** @description The raw token. Shown once; only its hash is stored. */
            token: string;
        };
        CreateApiToken: {
            name: string;
            permissions: ("workflow:read" | "run:read" | "task:read" | "project:read" | "org:read" | "token:manage" | "workflow:create" | "workflow:update" | "workflow:publish" | "approval:read" | "approval:decide" | "report:read" | "schedule:read" | "schedule:manage" | "workflow:start" | "task:complete" | "role_definition:read" | "group:read" | "config:export" | "review:manage" | "review:decide" | "review:read" | "approval:decide_any" | "task:complete_any" | "project:authority_any" | "workflow:delete" | "workflow:move" | "run:cancel" | "run:update" | "project:create" | "project:update" | "project:delete" | "workflow_set:manage" | "user:read" | "user:manage" | "role:manage" | "connector:read" | "connector:manage" | "connector:execute" | "audit:read" | "audit_sink:manage" | "org:manage" | "config:import")[];
            /** Format: date-time */
            expiresAt?: string;
        };
        ApiToken: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Public part of the token, shown in listings and audit entries */
            prefix: string;
            permissions: string[];
            /** Format: uuid */
            userId: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            expiresAt: string | null;
            /** Format: date-time */
            lastUsedAt: string | null;
            /** Format: date-time */
            revokedAt: string | null;
            /**
             * Format: uuid
             * @description The token this one was created with; it expires no later than that one and is revoked with it
             */
            parentId: string | null;
        };
        AuditLog: {
            /** Format: uuid */
            id: string;
            action: string;
            /** @enum {string} */
            actorType: "user" | "service_client" | "system";
            actorId: string | null;
            targetType: string | null;
            targetId: string | null;
            metadata: {
                [key: string]: unknown;
            };
            requestId: string | null;
            /** Format: date-time */
            createdAt: string;
            /** @description The entry's place in the hash chain; null until the worker seals it, seconds after it is written */
            chainSeq: number | null;
            /** @description SHA-256 (hex) of the previous entry's hash and this entry's content; null until sealed */
            chainHash: string | null;
        };
        AuditSink: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            kind: "syslog" | "https";
            enabled: boolean;
            config: components["schemas"]["SyslogSinkConfig"] | components["schemas"]["HttpsSinkConfig"];
            /** @description Whether an HMAC secret is stored (it is never shown) */
            hasSecret: boolean;
            /** @description The chain place of the last entry the sink accepted */
            cursorSeq: string;
            /** @description Sealed entries not yet delivered */
            backlog: number;
            /** Format: date-time */
            deliveredAt: string | null;
            /** @description Why delivery fails, while it does */
            lastError: string | null;
            /** Format: date-time */
            failingSince: string | null;
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        SyslogSinkConfig: {
            host: string;
            /** @default 6514 */
            port: number;
            /** @description The name the server certificate must carry, when not the host */
            serverName?: string;
            /** @description PEM of the CA to trust for the server; the system CAs when absent */
            caCertificate?: string;
        };
        HttpsSinkConfig: {
            /** Format: uri */
            url: string;
            /** @description PEM of the CA to trust for the collector; the system CAs when absent */
            caCertificate?: string;
        };
        CreatedAuditSink: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @enum {string} */
            kind: "syslog" | "https";
            enabled: boolean;
            config: components["schemas"]["SyslogSinkConfig"] | components["schemas"]["HttpsSinkConfig"];
            /** @description Whether an HMAC secret is stored (it is never shown) */
            hasSecret: boolean;
            /** @description The chain place of the last entry the sink accepted */
            cursorSeq: string;
            /** @description Sealed entries not yet delivered */
            backlog: number;
            /** Format: date-time */
            deliveredAt: string | null;
            /** @description Why delivery fails, while it does */
            lastError: string | null;
            /** Format: date-time */
            failingSince: string | null;
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description The generated HMAC secret of an https sink; shown only in this response */
            secret?: string;
        };
        WorkflowSummary: {
            name: string;
            /** @default  */
            description: string;
            /** @description Project name */
            project?: string | null;
            /** @description Workflow set name inside the project */
            workflowSet?: string | null;
            /**
             * @default general
             * @enum {string}
             */
            category: "user" | "group" | "project" | "general";
            subjectVariable?: string | null;
            /**
             * @default {
             *       "types": [
             *         "manual"
             *       ]
             *     }
             */
            trigger: {
                types: ("manual" | "scheduled" | "webhook")[];
            };
            /**
             * @default stop
             * @enum {string}
             */
            onError: "stop" | "skip" | "retry";
            /** @default false */
            debugLogging: boolean;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "draft" | "active" | "deprecated";
            /** @description Incremented by each publish; 0 for a new draft, the source version for a clone */
            version: number;
            /** @description Bumped by every write */
            revision: number;
            /** Format: uuid */
            sourceWorkflowId: string | null;
            previousVersion: {
                /** Format: uuid */
                id: string;
                href: string;
            } | null;
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            /** Format: date-time */
            deletedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Workflow: {
            name: string;
            /** @default  */
            description: string;
            /** @description Project name */
            project?: string | null;
            /** @description Workflow set name inside the project */
            workflowSet?: string | null;
            /**
             * @default general
             * @enum {string}
             */
            category: "user" | "group" | "project" | "general";
            subjectVariable?: string | null;
            /**
             * @default {
             *       "types": [
             *         "manual"
             *       ]
             *     }
             */
            trigger: {
                types: ("manual" | "scheduled" | "webhook")[];
            };
            /** @default [] */
            variables: components["schemas"]["WorkflowVariable"][];
            /** @default [] */
            steps: components["schemas"]["Step"][];
            /**
             * @default stop
             * @enum {string}
             */
            onError: "stop" | "skip" | "retry";
            /** @default false */
            debugLogging: boolean;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "draft" | "active" | "deprecated";
            /** @description Incremented by each publish; 0 for a new draft, the source version for a clone */
            version: number;
            /** @description Bumped by every write */
            revision: number;
            /** Format: uuid */
            sourceWorkflowId: string | null;
            previousVersion: {
                /** Format: uuid */
                id: string;
                href: string;
            } | null;
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            /** Format: date-time */
            deletedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        WorkflowVariable: {
            name: string;
            /** @enum {string} */
            type: "string" | "number" | "boolean" | "user" | "group" | "date" | "object" | "array";
            /** @default false */
            required: boolean;
            description?: string;
            /** @description A credential or other secret: sealed when the run starts, shown as [REDACTED] to everyone after, opened only for connector calls. Variables named like credentials (password, token, secret, otp...) are secret without it */
            secret?: boolean;
        };
        Step: {
            id: string;
            name: string;
            /** @description start, end, notification, approval, task, condition, connector, role_grant, role_revoke, account_reconciliation or delay */
            type: string;
            /** @default {} */
            config: {
                [key: string]: unknown;
            };
            /** @default [] */
            transitions: components["schemas"]["Transition"][];
        };
        Transition: {
            /** @description Outcome of the step: success, error, approved, rejected, timeout, true or false */
            on: string;
            /** @description Id of the next step */
            goto: string;
        };
        WorkflowDefinitionInput: {
            name: string;
            /** @default  */
            description: string;
            /** @description Project name */
            project?: string | null;
            /** @description Workflow set name inside the project */
            workflowSet?: string | null;
            /**
             * @default general
             * @enum {string}
             */
            category: "user" | "group" | "project" | "general";
            subjectVariable?: string | null;
            /**
             * @default {
             *       "types": [
             *         "manual"
             *       ]
             *     }
             */
            trigger: {
                types: ("manual" | "scheduled" | "webhook")[];
            };
            /** @default [] */
            variables: components["schemas"]["WorkflowVariable"][];
            /** @default [] */
            steps: components["schemas"]["Step"][];
            /**
             * @default stop
             * @enum {string}
             */
            onError: "stop" | "skip" | "retry";
            /** @default false */
            debugLogging: boolean;
        };
        ValidationResult: {
            valid: boolean;
            /** @description At most 200 findings in all, errors first */
            errors: components["schemas"]["ValidationItem"][];
            warnings: components["schemas"]["ValidationItem"][];
            /** @description How many errors there are, listed or not */
            errorCount: number;
            /** @description How many warnings there are, listed or not */
            warningCount: number;
            subjectVariableError: components["schemas"]["ValidationItem"] | (never | null);
        };
        ValidationItem: {
            code: string;
            message: string;
            stepId?: string;
            path?: string;
        };
        StepTypes: {
            transitionOutcomes: ("success" | "error" | "approved" | "rejected" | "timeout" | "true" | "false")[];
            stepTypes: {
                /** @enum {string} */
                type: "start" | "end" | "notification" | "approval" | "task" | "condition" | "connector" | "role_grant" | "role_revoke" | "account_reconciliation" | "delay";
                description: string;
                /** @description The outcomes its transitions may use */
                outcomes: string[];
                /** @description JSON Schema of its config (the StepConfig_<type> schema) */
                configSchema: {
                    [key: string]: unknown;
                };
            }[];
        };
        WorkflowDefinitionPatch: {
            name?: string;
            description?: string;
            /** @description Project name */
            project?: string | null;
            /** @description Workflow set name inside the project */
            workflowSet?: string | null;
            /** @enum {string} */
            category?: "user" | "group" | "project" | "general";
            subjectVariable?: string | null;
            trigger?: {
                types: ("manual" | "scheduled" | "webhook")[];
            };
            variables?: components["schemas"]["WorkflowVariable"][];
            steps?: components["schemas"]["Step"][];
            /** @enum {string} */
            onError?: "stop" | "skip" | "retry";
            debugLogging?: boolean;
        };
        PublishedWorkflow: {
            name: string;
            /** @default  */
            description: string;
            /** @description Project name */
            project?: string | null;
            /** @description Workflow set name inside the project */
            workflowSet?: string | null;
            /**
             * @default general
             * @enum {string}
             */
            category: "user" | "group" | "project" | "general";
            subjectVariable?: string | null;
            /**
             * @default {
             *       "types": [
             *         "manual"
             *       ]
             *     }
             */
            trigger: {
                types: ("manual" | "scheduled" | "webhook")[];
            };
            /** @default [] */
            variables: components["schemas"]["WorkflowVariable"][];
            /** @default [] */
            steps: components["schemas"]["Step"][];
            /**
             * @default stop
             * @enum {string}
             */
            onError: "stop" | "skip" | "retry";
            /** @default false */
            debugLogging: boolean;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "draft" | "active" | "deprecated";
            /** @description Incremented by each publish; 0 for a new draft, the source version for a clone */
            version: number;
            /** @description Bumped by every write */
            revision: number;
            /** Format: uuid */
            sourceWorkflowId: string | null;
            previousVersion: {
                /** Format: uuid */
                id: string;
                href: string;
            } | null;
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            publishedAt: string | null;
            /** Format: date-time */
            deletedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description Other versions of this workflow still active, newest first */
            otherActiveVersions: {
                /** Format: uuid */
                id: string;
                version: number;
                href: string;
            }[];
            /** @description Says which versions are still active and how to deprecate them */
            notice?: string;
        };
        WorkflowDiff: {
            /** Format: uuid */
            from: string;
            /** Format: uuid */
            to: string;
            identical: boolean;
            /** @description Settings that differ, in the order of the definition's fields */
            fields: {
                field: string;
                from?: unknown;
                to?: unknown;
            }[];
            /** @description Steps matched by id; changes are dotted paths such as config.approvers */
            steps: {
                added: string[];
                removed: string[];
                changed: {
                    id: string;
                    changes: string[];
                }[];
            };
            transitions: {
                added: {
                    from: string;
                    on: string;
                    goto: string;
                }[];
                removed: {
                    from: string;
                    on: string;
                    goto: string;
                }[];
            };
            /** @description Variables matched by name; changes are the properties that differ */
            variables: {
                added: string[];
                removed: string[];
                changed: {
                    name: string;
                    changes: string[];
                }[];
            };
        };
        StartedRun: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            definitionId: string;
            definitionName: string;
            definitionVersion: number;
            isTestRun: boolean;
            /** @enum {string} */
            status: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
            variables: {
                [key: string]: unknown;
            };
            subject: string | null;
            /** Format: uuid */
            startedBy: string | null;
            /**
             * Format: uuid
             * @description For a run no person started: who last set up its schedule, sync config or entitlement, or issued its webhook secret
             */
            initiatedBy: string | null;
            currentStepId: string | null;
            failedStepId: string | null;
            error: {
                message: string;
                code?: string;
                /** @description For an internal error: the id its details are logged under in the worker's log */
                reference?: string;
            } | null;
            temporalWorkflowId: string;
            temporalUiLink: string | null;
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            completedAt: string | null;
            steps: {
                sequence: number;
                attempt: number;
                stepId: string;
                name: string;
                type: string;
                /** @description running, waiting, completed, failed, skipped or cancelled */
                status: string;
                outcome: string | null;
                error: {
                    message: string;
                    code?: string;
                    /** @description For an internal error: the id its details are logged under in the worker's log */
                    reference?: string;
                } | null;
                /** Format: date-time */
                startedAt: string;
                /** Format: date-time */
                completedAt: string | null;
            }[];
        };
        RunSummary: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            definitionId: string;
            definitionName: string;
            definitionVersion: number;
            isTestRun: boolean;
            /** @enum {string} */
            status: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
            variables: {
                [key: string]: unknown;
            };
            subject: string | null;
            /** Format: uuid */
            startedBy: string | null;
            /**
             * Format: uuid
             * @description For a run no person started: who last set up its schedule, sync config or entitlement, or issued its webhook secret
             */
            initiatedBy: string | null;
            currentStepId: string | null;
            failedStepId: string | null;
            error: {
                message: string;
                code?: string;
                /** @description For an internal error: the id its details are logged under in the worker's log */
                reference?: string;
            } | null;
            temporalWorkflowId: string;
            temporalUiLink: string | null;
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            completedAt: string | null;
        };
        Run: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            definitionId: string;
            definitionName: string;
            definitionVersion: number;
            isTestRun: boolean;
            /** @enum {string} */
            status: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
            variables: {
                [key: string]: unknown;
            };
            subject: string | null;
            /** Format: uuid */
            startedBy: string | null;
            /**
             * Format: uuid
             * @description For a run no person started: who last set up its schedule, sync config or entitlement, or issued its webhook secret
             */
            initiatedBy: string | null;
            currentStepId: string | null;
            failedStepId: string | null;
            error: {
                message: string;
                code?: string;
                /** @description For an internal error: the id its details are logged under in the worker's log */
                reference?: string;
            } | null;
            temporalWorkflowId: string;
            temporalUiLink: string | null;
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            completedAt: string | null;
            steps: {
                sequence: number;
                attempt: number;
                stepId: string;
                name: string;
                type: string;
                /** @description running, waiting, completed, failed, skipped or cancelled */
                status: string;
                outcome: string | null;
                error: {
                    message: string;
                    code?: string;
                    /** @description For an internal error: the id its details are logged under in the worker's log */
                    reference?: string;
                } | null;
                /** Format: date-time */
                startedAt: string;
                /** Format: date-time */
                completedAt: string | null;
            }[];
            /** @description The open approvals and tasks the run waits on: whom each is addressed to, and until when */
            waitingFor: components["schemas"]["RunWait"][];
        };
        RunWait: {
            /** @enum {string} */
            kind: "approval" | "task";
            /**
             * Format: uuid
             * @description The approval or task
             */
            id: string;
            stepId: string;
            sequence: number;
            /** @description The users it is addressed to by name */
            users: {
                /** Format: uuid */
                id: string;
                displayName: string | null;
            }[];
            /** @description The roles whose holders may act on it */
            roles: string[];
            /** @description Approvals: decisions needed to approve */
            requiredApprovals: number | null;
            /**
             * Format: date-time
             * @description When it times out (the step's timeout), if it has one
             */
            dueAt: string | null;
            /**
             * Format: date-time
             * @description Approvals: when the step's escalation adds approvers or notifies (past: it has)
             */
            escalatesAt: string | null;
        };
        RunStepDetail: {
            sequence: number;
            attempt: number;
            stepId: string;
            name: string;
            type: string;
            /** @description running, waiting, completed, failed, skipped or cancelled */
            status: string;
            outcome: string | null;
            error: {
                message: string;
                code?: string;
                /** @description For an internal error: the id its details are logged under in the worker's log */
                reference?: string;
            } | null;
            /** Format: date-time */
            startedAt: string;
            /** Format: date-time */
            completedAt: string | null;
            /** @description Sanitized: secret values concealed */
            input?: unknown;
            /** @description Sanitized: secret values concealed */
            output?: unknown;
            /** @description Approval steps only: who decided, how, with what comment */
            decisions?: {
                /** Format: uuid */
                userId: string;
                displayName: string | null;
                email: string | null;
                /** @enum {string} */
                decision: "approve" | "reject";
                comment: string | null;
                /** Format: date-time */
                decidedAt: string;
            }[];
        };
        RunDiagnosis: {
            run: {
                /** Format: uuid */
                id: string;
                /** @enum {string} */
                status: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
                isTestRun: boolean;
                /** Format: uuid */
                startedBy: string | null;
                /** Format: date-time */
                startedAt: string;
                /** Format: date-time */
                completedAt: string | null;
                temporalWorkflowId: string;
                error: {
                    message: string;
                    code?: string;
                    /** @description For an internal error: the id its details are logged under in the worker's log */
                    reference?: string;
                } | null;
            };
            definition: {
                /** Format: uuid */
                id: string;
                name: string;
                version: number;
                /** @enum {string} */
                onError: "stop" | "skip" | "retry";
                stepCount: number;
            };
            steps: {
                sequence: number;
                attempt: number;
                stepId: string;
                name: string;
                type: string;
                /** @description running, waiting, completed, failed, skipped or cancelled */
                status: string;
                outcome: string | null;
                error: {
                    message: string;
                    code?: string;
                    /** @description For an internal error: the id its details are logged under in the worker's log */
                    reference?: string;
                } | null;
                /** Format: date-time */
                startedAt: string;
                /** Format: date-time */
                completedAt: string | null;
            }[];
            failedStep: {
                id: string;
                name: string;
                type: string;
                config?: unknown;
                transitions: components["schemas"]["Transition"][];
                attempts: number;
                error: {
                    message: string;
                    code?: string;
                    /** @description For an internal error: the id its details are logged under in the worker's log */
                    reference?: string;
                } | null;
            } | null;
            auditTrail: {
                action: string;
                actorType: string;
                actorId: string | null;
                metadata?: unknown;
                /** Format: date-time */
                createdAt: string;
            }[];
            /** @description Secret values concealed */
            variables: {
                [key: string]: unknown;
            };
            waitingFor: components["schemas"]["RunWait"][];
            suggestedActions: {
                /** @enum {string} */
                action: "retry" | "skip" | "fix_workflow";
                reason: string;
            }[];
        };
        Schedule: {
            /**
             * Format: uuid
             * @description The workflow to start; it must have the scheduled trigger
             */
            workflowId: string;
            name: string | null;
            /** @description Standard cron (minute hour day-of-month month day-of-week), also @daily, @hourly, @every 10m; firings at least SCHEDULE_MIN_INTERVAL_SECONDS (default 60) apart */
            cronExpression: string;
            /** @description IANA time zone; null means UTC */
            timezone: string | null;
            /** @description false pauses the schedule */
            enabled: boolean;
            /** @description Passed to every run */
            variables: {
                [key: string]: unknown;
            };
            /** Format: uuid */
            id: string;
            /** @description Why firings start no run (workflow deprecated or deleted) */
            pausedReason: string | null;
            temporalScheduleId: string;
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        User: {
            /** Format: uuid */
            id: string;
            email: string | null;
            displayName: string | null;
            roles: string[];
            active: boolean;
            confirmed: boolean;
            iss: string | null;
            sub: string | null;
            upstreamIssuer: string | null;
            upstreamId: string | null;
            profile: {
                title: string | null;
                department: string | null;
                phoneNumber: string | null;
                location: string | null;
                employeeId: string | null;
                costCenter: string | null;
                /** @description YYYY-MM-DD */
                startDate: string | null;
                /**
                 * Format: uuid
                 * @description The user's manager (a user id): their reviewer in manager reviews
                 */
                managerId: string | null;
                /** @description Custom attributes by name */
                custom: {
                    [key: string]: unknown;
                };
            };
            attributeSources: {
                [key: string]: "manual" | "oidc" | "workflow" | "connector";
            };
            /** Format: date-time */
            deletedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        UserName: {
            /** Format: uuid */
            id: string;
            displayName: string | null;
            email: string | null;
        };
        Group: {
            name: string;
            /** @default null */
            description: string | null;
            /** Format: uuid */
            id: string;
            memberCount: number;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ScimClientWithToken: {
            /** Format: uuid */
            id: string;
            name: string;
            tokenPrefix: string;
            enabled: boolean;
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            lastUsedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description The bearer token; shown only in this response */
            token: string;
        };
        ScimClient: {
            /** Format: uuid */
            id: string;
            name: string;
            tokenPrefix: string;
            enabled: boolean;
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            lastUsedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        Approval: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            runId: string;
            sequence: number;
            stepId: string;
            stepName: string;
            /** @enum {string} */
            status: "pending" | "approved" | "rejected" | "timed_out" | "cancelled";
            approverUserIds: string[];
            approverRoles: string[];
            /** @description Decisions needed to approve: 1 for any, all approvers for all */
            requiredApprovals: number;
            mode: string;
            allowSelfApproval: boolean;
            message: string | null;
            /** Format: date-time */
            dueAt: string | null;
            /** Format: date-time */
            decidedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            decisions: components["schemas"]["ApprovalDecision"][];
        };
        ApprovalDecision: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            approvalId: string;
            /** Format: uuid */
            userId: string;
            /** @enum {string} */
            decision: "approve" | "reject";
            comment: string | null;
            /** Format: date-time */
            decidedAt: string;
        };
        Task: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            runId: string;
            sequence: number;
            stepId: string;
            title: string;
            instructions: string | null;
            /** Format: uuid */
            assigneeUserId: string | null;
            assigneeRole: string | null;
            fields: {
                name: string;
                /** @enum {string} */
                type: "string" | "number" | "boolean" | "date";
                label?: string;
                /** @default true */
                required: boolean;
                /** @description String fields only: the allowed values (the console offers them as a list) */
                choices?: string[];
            }[];
            /** @enum {string} */
            status: "open" | "completed" | "timed_out" | "cancelled";
            result: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            completedBy: string | null;
            /** Format: date-time */
            completedAt: string | null;
            /** Format: date-time */
            dueAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        Notification: {
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description The run whose notification step sent it
             */
            runId: string | null;
            subject: string | null;
            message: string;
            /**
             * @description user: addressed to the caller; role: to a role the caller holds
             * @enum {string}
             */
            audience: "user" | "role";
            role: string | null;
            /**
             * Format: date-time
             * @description When the caller read it; each holder of a role reads for themselves
             */
            readAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        Project: {
            /** Format: uuid */
            id: string;
            name: string;
            description: string;
            workflowSets: {
                /** Format: uuid */
                id: string;
                name: string;
                description: string;
            }[];
            members: {
                /** Format: uuid */
                userId: string;
                role: string;
            }[];
            workflowCount: number;
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        OrganizationListItem: {
            /** Format: uuid */
            id: string;
            name: string;
            domain: string | null;
            website: string | null;
            address: string | null;
            /** Format: uuid */
            parentId: string | null;
            parentName: string | null;
            /** @description Distinct users holding at least one role */
            memberCount: number;
            contacts: components["schemas"]["OrganizationContact"][];
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /**
             * Format: date-time
             * @description When it was soft-deleted; null while active
             */
            deletedAt: string | null;
            /**
             * Format: date-time
             * @description The spec's soft-delete marker: 1970-01-01T00:00:00.000Z while active, otherwise the same time as deletedAt
             */
            deleted: string;
        };
        OrganizationContact: {
            name: string;
            email?: string | null;
            phone?: string | null;
            title?: string | null;
        };
        Organization: {
            /** Format: uuid */
            id: string;
            name: string;
            domain: string | null;
            website: string | null;
            address: string | null;
            /** Format: uuid */
            parentId: string | null;
            parentName: string | null;
            /** @description Distinct users holding at least one role */
            memberCount: number;
            contacts: components["schemas"]["OrganizationContact"][];
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            /**
             * Format: date-time
             * @description When it was soft-deleted; null while active
             */
            deletedAt: string | null;
            /**
             * Format: date-time
             * @description The spec's soft-delete marker: 1970-01-01T00:00:00.000Z while active, otherwise the same time as deletedAt
             */
            deleted: string;
            members: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                organizationId: string;
                /** Format: uuid */
                userId: string;
                /** @description null unless the caller holds user:read */
                email: string | null;
                /** @enum {string} */
                role: "member" | "signatory" | "approver";
                /** Format: uuid */
                addedBy: string | null;
                /** Format: date-time */
                createdAt: string;
            }[];
            /** @description Active direct children */
            children: components["schemas"]["OrganizationChild"][];
        };
        OrganizationChild: {
            /** Format: uuid */
            id: string;
            name: string;
        };
        Connector: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Handler name */
            type: string;
            description: string;
            version: string;
            configSchema: components["schemas"]["ConnectorConfigSchema"];
            /** @description Settings that are not secret */
            config: {
                [key: string]: unknown;
            };
            /** @description Names of the secret settings that are set; values are never returned */
            secretKeys: string[];
            enabled: boolean;
            /** @enum {string} */
            executionModel: "built_in" | "custom";
            managedBySystem: boolean;
            /** @description What is risky in its settings, such as certificate checks switched off (tlsInsecure) */
            warnings: string[];
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ConnectorConfigSchema: {
            commands: {
                [key: string]: {
                    description?: string;
                    /** @description JSON Schema of the parameters */
                    parameters?: {
                        [key: string]: unknown;
                    };
                    idempotent?: boolean;
                    syncCapable?: boolean;
                } & {
                    [key: string]: unknown;
                };
            };
        } & {
            [key: string]: unknown;
        };
        ConnectorHandler: {
            name: string;
            version: string;
            description: string;
            /** @enum {string} */
            executionModel: "built_in" | "custom";
            defaultCommand: string;
            commands: {
                [key: string]: {
                    description: string;
                    idempotent: boolean;
                    syncCapable: boolean;
                    /** @description Whether the command changes the target system */
                    writes: boolean;
                    /** @description JSON Schema of its parameters */
                    parameters: {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The settings a connector of this handler takes; null when the handler does not describe them */
            settings: {
                /** @description JSON Schema of the settings (config and secrets together) */
                schema: {
                    [key: string]: unknown;
                };
                /** @description The settings that go in `secrets`: write-only, never returned */
                secrets: string[];
            } | null;
        };
        ConnectorResource: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            connectorId: string;
            resourceType: string;
            externalId: string;
            displayName: string;
            email: string | null;
            attributes: {
                [key: string]: unknown;
            };
            /** @description SHA-256 hex of the canonical record (docs/sync.md) */
            syncHash: string;
            stale: boolean;
            /** Format: date-time */
            staleSince: string | null;
            /** Format: date-time */
            syncedAt: string;
            /**
             * Format: date-time
             * @description When a pass last inserted the record or changed its hash
             */
            changedAt: string;
            /** Format: date-time */
            createdAt: string;
        };
        SyncConfig: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            connectorId: string;
            resourceType: string;
            enabled: boolean;
            /** @enum {string} */
            strategy: "full" | "incremental";
            cronSchedule: string | null;
            filterRules: components["schemas"]["SyncFilterRules"];
            /** @description user configs: the whole directory is synced without selecting filter rules */
            syncAllUsers: boolean;
            staleRetention: string;
            attributeMappings: components["schemas"]["AttributeMappingRule"][] | null;
            /** @enum {string} */
            userMatchStrategy: "email" | "email_and_issuer" | "upstream_identity" | "external_id";
            userMatchFallbackStrategies: ("email" | "email_and_issuer" | "upstream_identity" | "external_id")[] | null;
            issuerSourcePath: string | null;
            /** Format: uuid */
            postSyncWorkflowId: string | null;
            /** @enum {string} */
            syncTriggerMode: "none" | "per_record" | "summary";
            createUsers: boolean;
            deactivateUsers: boolean;
            /** @description With deactivateUsers: records reported disabled are leavers too */
            deactivateDisabledUsers: boolean;
            createUserDefaults: {
                [key: string]: unknown;
            } | null;
            deactivationThreshold: components["schemas"]["SyncDeactivationThreshold"];
            /** @description The Temporal Schedule (enabled with a cron), else null */
            scheduleId: string | null;
            /**
             * Format: date-time
             * @description When the last pass ended, whatever its outcome
             */
            lastSyncAt: string | null;
            /** @enum {string} */
            lastSyncStatus: "idle" | "running" | "success" | "error";
            lastSyncError: string | null;
            lastSyncStats: components["schemas"]["SyncStats"];
            /** @description Where the unfinished pass continues */
            lastSyncCursor: string | null;
            /**
             * Format: date-time
             * @description Start of the last successful pass: modifiedSince of the next incremental pass
             */
            lastSuccessfulSyncAt: string | null;
            /** @description What the post-sync steps and automation of the last pass that ran them did (passes that changed records) */
            lastPostSync: {
                /** @description Match rows the matching step looked at */
                evaluated: number;
                matched: number;
                ambiguous: number;
                unmatched: number;
                usersCreated: number;
                /** @description Rows whose user could not be created (email taken) */
                createErrors: number;
                usersDeactivated: number;
                /**
                 * @description Users the safeguard kept from deactivation; listed in the status heldDeactivations
                 * @default 0
                 */
                deactivationsHeld: number;
                /**
                 * @description Users holding a role beyond requestor whose only link is a leaver record: kept; listed in the status privilegedLeavers
                 * @default 0
                 */
                privilegedUsersKept: number;
                profilesUpdated: number;
                /** @description The failure that stopped the post-sync steps; the pass still succeeded */
                error: string | null;
                /**
                 * @description Why deactivations were held, or privileged users kept; the pass still succeeded
                 * @default null
                 */
                warning: string | null;
                /**
                 * @description The runs of postSyncWorkflowId started after the pass; null when syncTriggerMode is none
                 * @default null
                 */
                automation: {
                    /**
                     * @description null when the automation failed before it read the config
                     * @enum {string|null}
                     */
                    mode: "per_record" | "summary" | null;
                    /**
                     * Format: uuid
                     * @description The postSyncWorkflowId the runs were started from
                     */
                    workflowId: string | null;
                    /** @description The runs started, in order */
                    runIds: string[];
                    /** @description Changed records sent to the runs (per_record) */
                    records: number;
                    /** @description Why a run could not be started; the pass still succeeded */
                    error: string | null;
                } | null;
            } | null;
            /** @description Deactivations held by the safeguard, waiting to be released or discarded; null when none */
            heldDeactivations: {
                /** Format: date-time */
                heldAt: string;
                /** @description Users linked to records of this connector and type when they were held */
                linkedUsers: number;
                users: {
                    /** Format: uuid */
                    userId: string;
                    email: string | null;
                    externalId: string;
                    /**
                     * @description stale: no pass sees the record; disabled: reported disabled
                     * @enum {string}
                     */
                    reason?: "stale" | "disabled";
                }[];
            } | null;
            /** @description Users holding a role beyond requestor whose only link is a leaver record, kept by the last deactivation step; null when none */
            privilegedLeavers: {
                /** Format: date-time */
                reportedAt: string;
                users: {
                    /** Format: uuid */
                    userId: string;
                    email: string | null;
                    externalId: string;
                    /**
                     * @description stale: no pass sees the record; disabled: reported disabled
                     * @enum {string}
                     */
                    reason: "stale" | "disabled";
                    /** @description Their system roles */
                    roles: string[];
                }[];
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        SyncFilterRules: {
            /** @description Glob on the display name: * any characters, ? one; case-insensitive */
            groupNamePattern?: string;
            /** @description Whitelist of external ids */
            groupIds?: string[];
            /** @description Keep only these email domains */
            emailDomains?: string[];
            /** @description Keep only records whose memberOf names a group record already synced from this connector */
            memberOfSyncedGroups?: boolean;
            /** @description Stop after this many records */
            maxRecords?: number;
        } | null;
        AttributeMappingRule: {
            /** @description Dot path into the resource, e.g. attributes.department */
            sourcePath: string;
            /** @description title, department, phoneNumber, location, employeeId, costCenter, startDate, managerId (the source names the manager's record in the same directory) or a custom attribute name */
            targetField: string;
            /**
             * @default overwrite_if_empty
             * @enum {string}
             */
            writeMode: "overwrite_always" | "overwrite_if_empty" | "never_overwrite";
            /** @description Reserved: a non-empty value skips the rule */
            transform?: string | null;
            /** @default true */
            enabled: boolean;
        };
        SyncDeactivationThreshold: {
            /** @description Deactivations a pass may make before the percentage counts */
            maxCount: number;
            /** @description Share of the linked users a pass may deactivate */
            maxPercent: number;
        };
        SyncStats: {
            added: number;
            updated: number;
            staled: number;
            unchanged: number;
            removed: number;
            durationMs: number;
            pagesProcessed: number;
            totalUpstreamRecords: number;
        } | null;
        SyncConfigInput: {
            enabled?: boolean;
            /** @enum {string} */
            strategy?: "full" | "incremental";
            /** @description Five-field cron expression (UTC) or a macro such as @daily */
            cronSchedule?: string | null;
            filterRules?: components["schemas"]["SyncFilterRules"];
            /** @description user configs: sync the whole directory. Without it a user config needs a filter rule that selects records */
            syncAllUsers?: boolean;
            /** @description A duration: a whole number followed by ms, s, m, h or d, at most 36500 days */
            staleRetention?: string;
            attributeMappings?: components["schemas"]["AttributeMappingRule"][] | null;
            /** @enum {string} */
            userMatchStrategy?: "email" | "email_and_issuer" | "upstream_identity" | "external_id";
            /** @description Tried in order after the primary; duplicates are ignored */
            userMatchFallbackStrategies?: ("email" | "email_and_issuer" | "upstream_identity" | "external_id")[] | null;
            issuerSourcePath?: string | null;
            /** Format: uuid */
            postSyncWorkflowId?: string | null;
            /** @enum {string} */
            syncTriggerMode?: "none" | "per_record" | "summary";
            createUsers?: boolean;
            deactivateUsers?: boolean;
            /** @description With deactivateUsers: a user whose linked record the connector reports disabled (attributes.enabled false) is a leaver too */
            deactivateDisabledUsers?: boolean;
            /** @description Profile fields applied once to each user created by createUsers */
            createUserDefaults?: {
                [key: string]: string | number | boolean | unknown;
            } | null;
            deactivationThreshold?: components["schemas"]["SyncDeactivationThreshold"];
        };
        SyncStatus: {
            /** Format: uuid */
            connectorId: string;
            resourceType: string;
            /**
             * Format: date-time
             * @description When the last pass ended, whatever its outcome
             */
            lastSyncAt: string | null;
            /** @enum {string} */
            lastSyncStatus: "idle" | "running" | "success" | "error";
            lastSyncError: string | null;
            lastSyncStats: components["schemas"]["SyncStats"];
            /** @description Where the unfinished pass continues */
            lastSyncCursor: string | null;
            /**
             * Format: date-time
             * @description Start of the last successful pass: modifiedSince of the next incremental pass
             */
            lastSuccessfulSyncAt: string | null;
            /** @description What the post-sync steps and automation of the last pass that ran them did (passes that changed records) */
            lastPostSync: {
                /** @description Match rows the matching step looked at */
                evaluated: number;
                matched: number;
                ambiguous: number;
                unmatched: number;
                usersCreated: number;
                /** @description Rows whose user could not be created (email taken) */
                createErrors: number;
                usersDeactivated: number;
                /**
                 * @description Users the safeguard kept from deactivation; listed in the status heldDeactivations
                 * @default 0
                 */
                deactivationsHeld: number;
                /**
                 * @description Users holding a role beyond requestor whose only link is a leaver record: kept; listed in the status privilegedLeavers
                 * @default 0
                 */
                privilegedUsersKept: number;
                profilesUpdated: number;
                /** @description The failure that stopped the post-sync steps; the pass still succeeded */
                error: string | null;
                /**
                 * @description Why deactivations were held, or privileged users kept; the pass still succeeded
                 * @default null
                 */
                warning: string | null;
                /**
                 * @description The runs of postSyncWorkflowId started after the pass; null when syncTriggerMode is none
                 * @default null
                 */
                automation: {
                    /**
                     * @description null when the automation failed before it read the config
                     * @enum {string|null}
                     */
                    mode: "per_record" | "summary" | null;
                    /**
                     * Format: uuid
                     * @description The postSyncWorkflowId the runs were started from
                     */
                    workflowId: string | null;
                    /** @description The runs started, in order */
                    runIds: string[];
                    /** @description Changed records sent to the runs (per_record) */
                    records: number;
                    /** @description Why a run could not be started; the pass still succeeded */
                    error: string | null;
                } | null;
            } | null;
            /** @description Deactivations held by the safeguard, waiting to be released or discarded; null when none */
            heldDeactivations: {
                /** Format: date-time */
                heldAt: string;
                /** @description Users linked to records of this connector and type when they were held */
                linkedUsers: number;
                users: {
                    /** Format: uuid */
                    userId: string;
                    email: string | null;
                    externalId: string;
                    /**
                     * @description stale: no pass sees the record; disabled: reported disabled
                     * @enum {string}
                     */
                    reason?: "stale" | "disabled";
                }[];
            } | null;
            /** @description Users holding a role beyond requestor whose only link is a leaver record, kept by the last deactivation step; null when none */
            privilegedLeavers: {
                /** Format: date-time */
                reportedAt: string;
                users: {
                    /** Format: uuid */
                    userId: string;
                    email: string | null;
                    externalId: string;
                    /**
                     * @description stale: no pass sees the record; disabled: reported disabled
                     * @enum {string}
                     */
                    reason: "stale" | "disabled";
                    /** @description Their system roles */
                    roles: string[];
                }[];
            } | null;
        };
        SyncTriggerResult: {
            message: string;
            /**
             * @description error: the pass failed; see message and the status
             * @enum {string}
             */
            status: "success" | "error" | "skipped";
            stats: components["schemas"]["SyncStats"];
            /** @description The post-sync steps (user passes) and automation (syncTriggerMode) of a pass that added or updated records; null when neither ran */
            postSync: {
                /** @description Match rows the matching step looked at */
                evaluated: number;
                matched: number;
                ambiguous: number;
                unmatched: number;
                usersCreated: number;
                /** @description Rows whose user could not be created (email taken) */
                createErrors: number;
                usersDeactivated: number;
                /**
                 * @description Users the safeguard kept from deactivation; listed in the status heldDeactivations
                 * @default 0
                 */
                deactivationsHeld: number;
                /**
                 * @description Users holding a role beyond requestor whose only link is a leaver record: kept; listed in the status privilegedLeavers
                 * @default 0
                 */
                privilegedUsersKept: number;
                profilesUpdated: number;
                /** @description The failure that stopped the post-sync steps; the pass still succeeded */
                error: string | null;
                /**
                 * @description Why deactivations were held, or privileged users kept; the pass still succeeded
                 * @default null
                 */
                warning: string | null;
                /**
                 * @description The runs of postSyncWorkflowId started after the pass; null when syncTriggerMode is none
                 * @default null
                 */
                automation: {
                    /**
                     * @description null when the automation failed before it read the config
                     * @enum {string|null}
                     */
                    mode: "per_record" | "summary" | null;
                    /**
                     * Format: uuid
                     * @description The postSyncWorkflowId the runs were started from
                     */
                    workflowId: string | null;
                    /** @description The runs started, in order */
                    runIds: string[];
                    /** @description Changed records sent to the runs (per_record) */
                    records: number;
                    /** @description Why a run could not be started; the pass still succeeded */
                    error: string | null;
                } | null;
            } | null;
        };
        SyncPreview: {
            /** Format: uuid */
            connectorId: string;
            resourceType: string;
            /**
             * @description error: the connector failed or answered an invalid page; timed_out: the time limit ended the preview. Then records and postSync are null
             * @enum {string}
             */
            status: "success" | "error" | "timed_out";
            message: string;
            /** @enum {string} */
            strategy: "full" | "incremental";
            durationMs: number;
            pagesRead: number;
            /** @description Records the connector returned, before the filter rules */
            totalUpstreamRecords: number;
            records: {
                added: components["schemas"]["SyncPreviewRecords"];
                updated: components["schemas"]["SyncPreviewRecords"];
                unchanged: components["schemas"]["SyncPreviewRecords"];
                /** @description Full passes: current records the pass would not see */
                staled: {
                    /** @description How many there are in all */
                    count: number;
                    /** @description The first 100 */
                    items: components["schemas"]["SyncPreviewRecord"][];
                };
                /** @description Full passes: records stale for longer than staleRetention */
                purged: {
                    /** @description How many there are in all */
                    count: number;
                    /** @description The first 100 */
                    items: components["schemas"]["SyncPreviewRecord"][];
                };
            } | null;
            /** @description The post-sync steps of a user pass that adds or updates records; null when they would not run */
            postSync: {
                matching: {
                    evaluated: number;
                    matched: number;
                    ambiguous: number;
                    unmatched: number;
                };
                /** @description Records the matching would link to an existing user */
                matches: {
                    /** @description How many there are in all */
                    count: number;
                    /** @description The first 100 */
                    items: {
                        externalId: string;
                        displayName: string | null;
                        email: string | null;
                        /** Format: uuid */
                        userId: string;
                        userEmail: string | null;
                        strategy: string | null;
                        confidence: string;
                    }[];
                };
                usersCreated: components["schemas"]["SyncPreviewCreatedUsers"];
                createErrors: components["schemas"]["SyncPreviewCreateErrors"];
                /** @description Without deactivateUsers every list is empty */
                deactivation: {
                    /** @description The deletion safeguard would hold the users listed in usersHeld, deactivating none */
                    held: boolean;
                    linkedUsers: number;
                    usersDeactivated: components["schemas"]["SyncPreviewDeactivations"];
                    usersHeld: components["schemas"]["SyncPreviewHeldDeactivations"];
                    privilegedUsersKept: components["schemas"]["SyncPreviewPrivilegedLeavers"];
                };
                profileChanges: components["schemas"]["SyncPreviewProfileChanges"];
                /** @description The step that would fail, and why; the later steps are not previewed */
                error: string | null;
            } | null;
        };
        SyncPreviewRecords: {
            /** @description How many there are in all */
            count: number;
            /** @description The first 100 */
            items: components["schemas"]["SyncPreviewRecord"][];
        };
        SyncPreviewRecord: {
            externalId: string;
            displayName: string;
            email: string | null;
        };
        SyncPreviewCreatedUsers: {
            /** @description How many there are in all */
            count: number;
            /** @description The first 100 */
            items: {
                externalId: string;
                email: string | null;
                displayName: string | null;
            }[];
        };
        SyncPreviewCreateErrors: {
            /** @description How many there are in all */
            count: number;
            /** @description The first 100 */
            items: {
                externalId: string;
                email: string | null;
                reason: string;
            }[];
        };
        SyncPreviewDeactivations: {
            /** @description How many there are in all */
            count: number;
            /** @description The first 100 */
            items: components["schemas"]["SyncPreviewLeaver"][];
        };
        SyncPreviewLeaver: {
            /** Format: uuid */
            userId: string;
            email: string | null;
            externalId: string;
            /** @enum {string} */
            reason?: "stale" | "disabled";
        };
        SyncPreviewHeldDeactivations: {
            /** @description How many there are in all */
            count: number;
            /** @description The first 100 */
            items: components["schemas"]["SyncPreviewLeaver"][];
        };
        SyncPreviewPrivilegedLeavers: {
            /** @description How many there are in all */
            count: number;
            /** @description The first 100 */
            items: {
                /** Format: uuid */
                userId: string;
                email: string | null;
                externalId: string;
                /** @enum {string} */
                reason?: "stale" | "disabled";
                roles: string[];
            }[];
        };
        SyncPreviewProfileChanges: {
            /** @description Profiles the mappings would change */
            users: number;
            /** @description Fields they would change */
            count: number;
            items: {
                /**
                 * Format: uuid
                 * @description null: a user this pass would create
                 */
                userId: string | null;
                email: string | null;
                /** @description A built-in profile field, or custom.<name> */
                field: string;
                oldValue?: unknown;
                newValue?: unknown;
            }[];
        };
        HeldDeactivationsReleased: {
            released: number;
            kept: number;
        };
        HeldDeactivationsDiscarded: {
            discarded: number;
        };
        SyncMatch: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            connectorId: string;
            resourceType: string;
            /** Format: uuid */
            connectorResourceId: string;
            externalId: string;
            externalDisplayName: string;
            externalEmail: string | null;
            /** Format: uuid */
            userId: string | null;
            /** @enum {string} */
            matchStatus: "matched" | "unmatched" | "ambiguous" | "manual_override" | "skipped" | "create_pending";
            /** @enum {string} */
            matchConfidence: "exact" | "probable" | "ambiguous" | "none";
            /**
             * @description The strategy that matched, or found the candidates; null for resolutions and created users
             * @enum {string|null}
             */
            matchStrategy: "email" | "email_and_issuer" | "upstream_identity" | "external_id" | null;
            /** @description Filled when ambiguous */
            candidateUserIds: components["schemas"]["SyncMatchCandidate"][];
            /** @description Notes of the resolution, or why the automatic user creation failed */
            resolutionNotes: string | null;
            /** Format: uuid */
            resolvedBy: string | null;
            /** Format: date-time */
            resolvedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        SyncMatchCandidate: {
            /** Format: uuid */
            userId: string;
            email: string | null;
            /**
             * @description What the strategy would have given a single hit
             * @enum {string}
             */
            confidence: "exact" | "probable" | "ambiguous" | "none";
            /** @description Which strategy found the user, and on what */
            reason: string;
        };
        SyncMatchStats: {
            total: number;
            /** @description Every status, 0 when none */
            byStatus: {
                matched: number;
                unmatched: number;
                ambiguous: number;
                manual_override: number;
                skipped: number;
                create_pending: number;
            };
            /** @description Every confidence, 0 when none */
            byConfidence: {
                exact: number;
                probable: number;
                ambiguous: number;
                none: number;
            };
            /** Format: uuid */
            connectorId: string;
            /** @description The type asked for; null without `type` (every type counted) */
            resourceType: string | null;
            /** @description Without `type`: the counts of each type, every type listed */
            byType?: {
                user: {
                    total: number;
                    /** @description Every status, 0 when none */
                    byStatus: {
                        matched: number;
                        unmatched: number;
                        ambiguous: number;
                        manual_override: number;
                        skipped: number;
                        create_pending: number;
                    };
                    /** @description Every confidence, 0 when none */
                    byConfidence: {
                        exact: number;
                        probable: number;
                        ambiguous: number;
                        none: number;
                    };
                };
                group: {
                    total: number;
                    /** @description Every status, 0 when none */
                    byStatus: {
                        matched: number;
                        unmatched: number;
                        ambiguous: number;
                        manual_override: number;
                        skipped: number;
                        create_pending: number;
                    };
                    /** @description Every confidence, 0 when none */
                    byConfidence: {
                        exact: number;
                        probable: number;
                        ambiguous: number;
                        none: number;
                    };
                };
                role: {
                    total: number;
                    /** @description Every status, 0 when none */
                    byStatus: {
                        matched: number;
                        unmatched: number;
                        ambiguous: number;
                        manual_override: number;
                        skipped: number;
                        create_pending: number;
                    };
                    /** @description Every confidence, 0 when none */
                    byConfidence: {
                        exact: number;
                        probable: number;
                        ambiguous: number;
                        none: number;
                    };
                };
            };
        };
        SyncMatchBulkResult: {
            /** @description Matches changed */
            updated: number;
            /** @description Listed ids that are not matches of this connector */
            notFound: string[];
        };
        SyncMatchBulkResolve: {
            matchIds: string[];
            /** @enum {string} */
            action: "link" | "skip";
            /**
             * Format: uuid
             * @description The user to link (required for link)
             */
            userId?: string;
            /** @description Stored as resolutionNotes */
            notes?: string | null;
        };
        SyncMatchResolve: {
            /** @enum {string} */
            action: "link" | "skip" | "create";
            /**
             * Format: uuid
             * @description The user to link (required for link)
             */
            userId?: string;
            /** @description Stored as resolutionNotes */
            notes?: string | null;
        };
        ConnectorReconciliation: {
            /** Format: uuid */
            connectorId: string;
            /**
             * Format: date-time
             * @description When the connector’s last user sync pass ended
             */
            lastSyncAt: string | null;
            counts: {
                orphans: number;
                activeAccountsOfInactiveUsers: number;
            };
            /** @description Accounts that match no Flowgate user */
            orphans: {
                data: components["schemas"]["ReconciliationAccount"][];
                total: number;
                page: number;
                pageSize: number;
                totalPages: number;
            };
            /** @description Accounts active in the application whose Flowgate user is deactivated or deleted */
            activeAccountsOfInactiveUsers: {
                data: components["schemas"]["ReconciliationAccount"][];
                total: number;
                page: number;
                pageSize: number;
                totalPages: number;
            };
        };
        ReconciliationAccount: {
            /**
             * Format: uuid
             * @description The user record of the connector’s sync
             */
            recordId: string;
            /** @description The account’s id in the application */
            externalId: string;
            displayName: string;
            email: string | null;
            /** @description As the connector’s list command returned them */
            attributes: {
                [key: string]: unknown;
            };
            /**
             * Format: date-time
             * @description When a sync pass last saw the account
             */
            syncedAt: string;
            /**
             * Format: uuid
             * @description The record’s sync match; null when it has none yet
             */
            matchId: string | null;
            /** @enum {string|null} */
            matchStatus: "matched" | "unmatched" | "ambiguous" | "manual_override" | "skipped" | "create_pending" | null;
            /** @description The Flowgate user the account is matched to; null for orphans */
            user: {
                /** Format: uuid */
                id: string;
                email: string | null;
                displayName: string | null;
                active: boolean;
                deleted: boolean;
            } | null;
        };
        ResourceEvent: {
            /** @enum {string} */
            action: "created" | "updated" | "deleted";
            resourceId: string;
            /**
             * @description user, group or role; without it the event concerns an entitlement (reconciliation)
             * @enum {string}
             */
            resourceType?: "user" | "group" | "role";
            /** @description For created and updated records: displayName (required), email, attributes */
            data?: {
                [key: string]: unknown;
            };
        };
        Entitlement: {
            name: string;
            /** @default null */
            description: string | null;
            /** @description Connector name */
            connector: string;
            provisionConfig: components["schemas"]["ConnectorCall"];
            deprovisionConfig: components["schemas"]["ConnectorCall"];
            reconciliationConfig: {
                [key: string]: unknown;
            } | null;
            /** Format: uuid */
            id: string;
            /**
             * Format: uuid
             * @description Who answers for it (a user id): the reviewer of its holders in owner reviews; set with PUT …/owner
             */
            ownerId: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        ConnectorCall: {
            command: string;
            /**
             * @description {{user.id}}, {{user.email}}, {{role.name}}, ... are filled in
             * @default {}
             */
            parameters: {
                [key: string]: unknown;
            };
        };
        /** @default null */
        ReconciliationConfig: ({
            /** @description The connected system's id of the resource */
            resourceId: string;
            /**
             * Format: uuid
             * @description A workflow with the webhook trigger, started by each event
             */
            workflowId?: string;
        } & {
            [key: string]: unknown;
        }) | null;
        BusinessRole: {
            name: string;
            /** @default null */
            description: string | null;
            /**
             * @default active
             * @enum {string}
             */
            status: "active" | "inactive";
            /**
             * @description Assignments expire this many days after the grant
             * @default null
             */
            expiresAfterDays: number | null;
            /**
             * @description Entitlement names
             * @default []
             */
            entitlements: string[];
            /** Format: uuid */
            id: string;
            activeAssignments: number;
            /**
             * Format: uuid
             * @description Who answers for it (a user id): the reviewer of its holders in owner reviews; set with PUT …/owner
             */
            ownerId: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        RoleAssignment: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            userId: string;
            /** Format: uuid */
            roleId: string;
            /** @description active, revoked, failed (provisioning failed and was rolled back) or pending */
            status: string;
            /** Format: uuid */
            grantedBy: string | null;
            /** Format: date-time */
            grantedAt: string;
            /** Format: date-time */
            expiresAt: string | null;
            /** @description The run whose role_grant step granted it */
            sourceRunId: string | null;
            /** Format: uuid */
            revokedBy: string | null;
            /** Format: date-time */
            revokedAt: string | null;
            /** @description The run whose role_revoke step revoked it */
            revokeRunId: string | null;
            /** @description Per entitlement, as recorded by the last grant, revoke or resync */
            results: {
                [key: string]: unknown;
            }[];
            /** @description The entitlements this assignment has provisioned */
            provisionedEntitlementIds: string[];
            /** Format: date-time */
            updatedAt: string;
        };
        RoleChangeOutcome: {
            /** @enum {string} */
            status: "granted" | "skipped" | "failed" | "revoked";
            /** Format: uuid */
            assignmentId: string | null;
            results: {
                entitlement: string;
                connector: string;
                /**
                 * @description `deactivate_account` / `delete_account`: the account in a connector that keeps accounts (scim), retired because the user holds none of its entitlements any more
                 * @enum {string}
                 */
                action: "provision" | "deprovision" | "compensate" | "keep" | "deactivate_account" | "delete_account";
                success: boolean;
                error?: string;
                /** @description With `keep`: the other active roles of the user that grant this entitlement */
                heldThrough?: string[];
            }[];
        };
        AccessReview: {
            name: string;
            /** @default null */
            description: string | null;
            scope: {
                /**
                 * @description "all", or the names of the business roles whose holders are reviewed
                 * @default []
                 */
                businessRoles: "all" | string[];
                /**
                 * @description "all", or the names of the entitlements whose holders are reviewed
                 * @default []
                 */
                entitlements: "all" | string[];
                /**
                 * @description "all", or the names of the groups whose holders are reviewed
                 * @default []
                 */
                groups: "all" | string[];
                /**
                 * @description "all", or the names of the organizations whose holders are reviewed
                 * @default []
                 */
                organizations: "all" | string[];
                /**
                 * @description Accounts of these connectors' synced records that are linked to users
                 * @default []
                 */
                connectorAccounts: {
                    /** Format: uuid */
                    connectorId: string;
                    /** @default user */
                    resourceType: string;
                }[];
                /**
                 * @description Narrows the people whose access is reviewed; every condition given must hold
                 * @default {
                 *       "organizationId": null,
                 *       "department": null,
                 *       "groupId": null,
                 *       "attribute": null
                 *     }
                 */
                people: {
                    /**
                     * Format: uuid
                     * @description Only members of this organization
                     * @default null
                     */
                    organizationId: string | null;
                    /**
                     * @description Only people of this department
                     * @default null
                     */
                    department: string | null;
                    /**
                     * Format: uuid
                     * @description Only members of this group
                     * @default null
                     */
                    groupId: string | null;
                    /**
                     * @description Only people whose profile field or custom attribute `name` equals `value` (ignoring case)
                     * @default null
                     */
                    attribute: {
                        name: string;
                        value: string;
                    } | null;
                };
            };
            /** @description The first stage's reviewers */
            reviewers: {
                /**
                 * @description manager: the subject's manager; owner: the owner of the business role or entitlement; users: the people named in userIds; role_holders: the holders of the business role `role`
                 * @enum {string}
                 */
                type: "manager" | "owner" | "users" | "role_holders";
                /** @default [] */
                userIds: string[];
                /**
                 * @description A business role name
                 * @default null
                 */
                role: string | null;
                /**
                 * @description Who reviews an item when the chosen reviewer is missing or is its subject, the first that can
                 * @default []
                 */
                fallbackUserIds: string[];
            };
            /**
             * @description Later stages in order, each seeing only what the one before kept; null for one stage
             * @default null
             */
            stages: {
                reviewers: {
                    /**
                     * @description manager: the subject's manager; owner: the owner of the business role or entitlement; users: the people named in userIds; role_holders: the holders of the business role `role`
                     * @enum {string}
                     */
                    type: "manager" | "owner" | "users" | "role_holders";
                    /** @default [] */
                    userIds: string[];
                    /**
                     * @description A business role name
                     * @default null
                     */
                    role: string | null;
                    /**
                     * @description Who reviews an item when the chosen reviewer is missing or is its subject, the first that can
                     * @default []
                     */
                    fallbackUserIds: string[];
                };
            }[] | null;
            /** @default 14 */
            dueInDays: number;
            /** @default null */
            reminderEveryDays: number | null;
            /** @default null */
            escalateAfterDays: number | null;
            /** @default [] */
            escalateToUserIds: string[];
            /**
             * @default keep
             * @enum {string}
             */
            whenUnanswered: "keep" | "revoke" | "escalate";
            /** @default false */
            requireCommentToKeep: boolean;
            /**
             * @description Carry out revokes at the close without waiting
             * @default true
             */
            autoRemediate: boolean;
            /**
             * @description With whenUnanswered escalate: the days escalated items get before the campaign closes
             * @default 3
             */
            unansweredGraceDays: number;
            /** @default null */
            recurrence: {
                /** @description The same day of every n-th month from the start: 1, 2, 3, 4, 6 or 12 */
                everyMonths: 1 | 2 | 3 | 4 | 6 | 12;
            } | null;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            status: "draft" | "active" | "closing" | "closed" | "cancelled";
            /** Format: uuid */
            createdBy: string | null;
            /** Format: date-time */
            startedAt: string | null;
            /** Format: date-time */
            dueAt: string | null;
            /**
             * Format: date-time
             * @description When decisions stopped: a close, or the due date
             */
            closedAt: string | null;
            /**
             * Format: uuid
             * @description Who closed it; null when its due date did
             */
            closedBy: string | null;
            /** @description The stage whose items are decided now */
            currentStage: number;
            /**
             * Format: uuid
             * @description The recurring campaign that started this one
             */
            recurrenceOf: string | null;
            /**
             * Format: date-time
             * @description When it was closed for good and its report frozen
             */
            finishedAt: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            progress: components["schemas"]["AccessReviewProgress"];
        };
        AccessReviewProgress: {
            total: number;
            decided: number;
            kept: number;
            revoked: number;
            /** @description Undecided */
            pending: number;
            /** @description Undecided past the due date of an active campaign */
            overdue: number;
            remediated: number;
            /** @description Revokes whose removal failed */
            failed: number;
            /** @description Revokes whose removal waits for an administrator's go (campaigns without autoRemediate) */
            awaitingGo: number;
        };
        AccessReviewItem: {
            /** Format: uuid */
            id: string;
            review: {
                /** Format: uuid */
                id: string;
                name: string;
                /** Format: date-time */
                dueAt: string | null;
            };
            subject: {
                /** Format: uuid */
                id: string;
                displayName: string | null;
                email: string | null;
            };
            access: {
                /** @enum {string} */
                kind: "business_role" | "entitlement" | "group" | "organization_role" | "connector_account";
                /** @description The role, entitlement or group id; `<organization id>/<role>`; the synced record id */
                ref: string;
                label: string;
            };
            /** Format: uuid */
            reviewerId: string | null;
            stage: number;
            /** @enum {string|null} */
            decision: "keep" | "revoke" | null;
            /** @description Decided at the close by the campaign's whenUnanswered policy */
            decidedByPolicy: boolean;
            comment: string | null;
            /** Format: uuid */
            decidedBy: string | null;
            /** Format: date-time */
            decidedAt: string | null;
            overdue: boolean;
            /** @description Delegations and escalations, oldest first */
            history: {
                /** @enum {string} */
                type: "delegated" | "escalated";
                /** Format: uuid */
                fromUserId: string | null;
                /** Format: uuid */
                toUserId: string;
                /**
                 * Format: uuid
                 * @description null when the campaign escalated it by itself
                 */
                byUserId: string | null;
                /** Format: date-time */
                at: string;
                comment: string | null;
            }[];
            recommendations: {
                subjectDeactivated: boolean;
                accountStale: boolean | null;
                granted: {
                    at: string | null;
                    byUserId: string | null;
                    byRunId: string | null;
                };
                /** @description Absent for subjects with neither a department nor an organization, or without peers */
                peers?: {
                    /** @description The subject's department, whose people are the peers */
                    department?: string;
                    /** @description For a subject without a department: their organization's name, whose members are the peers */
                    organization?: string;
                    holders: number;
                    peers: number;
                    share: number;
                    few: boolean;
                };
            };
            /**
             * @description Where the removal of a revoke stands
             * @enum {string|null}
             */
            remediationStatus: "awaiting_go" | "pending" | "remediated" | "failed" | null;
            remediationError: string | null;
            /** @description What the removal did: the roles revoked with their connector outcomes, the account deactivated */
            remediationResult: {
                [key: string]: unknown;
            } | null;
            /** Format: date-time */
            remediatedAt: string | null;
            /** Format: date-time */
            createdAt: string;
        };
        WorkflowStatsReport: {
            overall: {
                total: number;
                byStatus: {
                    pending: number;
                    running: number;
                    waiting: number;
                    completed: number;
                    failed: number;
                    cancelled: number;
                };
                /** @description completed / (completed + failed + cancelled); null when no run finished */
                successRate: number | null;
                /** @description Over completed runs; null when none completed */
                medianDurationMs: number | null;
                /** @description Over completed runs; null when none completed */
                p95DurationMs: number | null;
            };
            perDefinition: {
                total: number;
                byStatus: {
                    pending: number;
                    running: number;
                    waiting: number;
                    completed: number;
                    failed: number;
                    cancelled: number;
                };
                /** @description completed / (completed + failed + cancelled); null when no run finished */
                successRate: number | null;
                /** @description Over completed runs; null when none completed */
                medianDurationMs: number | null;
                /** @description Over completed runs; null when none completed */
                p95DurationMs: number | null;
                /** Format: uuid */
                definitionId: string;
                /** @description The name on the latest run of the definition in the window */
                definitionName: string;
            }[];
        };
        SlaComplianceReport: {
            /** @description The SLA of items without a due date */
            defaultSlaHours: number;
            approvals: {
                /** @description Decided or completed at or before the SLA */
                met: number;
                /** @description Decided or completed after the SLA, timed out, or still open past it */
                missed: number;
                /** @description Still open and within the SLA; not in the rate */
                open: number;
                /** @description met / (met + missed); null when both are 0 */
                rate: number | null;
            };
            tasks: {
                /** @description Decided or completed at or before the SLA */
                met: number;
                /** @description Decided or completed after the SLA, timed out, or still open past it */
                missed: number;
                /** @description Still open and within the SLA; not in the rate */
                open: number;
                /** @description met / (met + missed); null when both are 0 */
                rate: number | null;
            };
            /** @description Approvals and tasks together */
            overall: {
                /** @description Decided or completed at or before the SLA */
                met: number;
                /** @description Decided or completed after the SLA, timed out, or still open past it */
                missed: number;
                /** @description Still open and within the SLA; not in the rate */
                open: number;
                /** @description met / (met + missed); null when both are 0 */
                rate: number | null;
            };
            perDefinition: {
                /** Format: uuid */
                definitionId: string;
                /** @description The name on the latest run of the definition with counted items */
                definitionName: string;
                approvals: {
                    /** @description Decided or completed at or before the SLA */
                    met: number;
                    /** @description Decided or completed after the SLA, timed out, or still open past it */
                    missed: number;
                    /** @description Still open and within the SLA; not in the rate */
                    open: number;
                    /** @description met / (met + missed); null when both are 0 */
                    rate: number | null;
                };
                tasks: {
                    /** @description Decided or completed at or before the SLA */
                    met: number;
                    /** @description Decided or completed after the SLA, timed out, or still open past it */
                    missed: number;
                    /** @description Still open and within the SLA; not in the rate */
                    open: number;
                    /** @description met / (met + missed); null when both are 0 */
                    rate: number | null;
                };
            }[];
        };
        ApproverPerformanceReport: {
            approvers: {
                userId: string;
                /** @description Null when no user has this id, or the user has no email */
                email: string | null;
                decided: number;
                approved: number;
                rejected: number;
                /** @description From the approval's creation to this user's decision */
                medianTimeToDecideMs: number | null;
                /** @description Pending approvals naming this user as an approver, not yet decided by them */
                pending: number;
            }[];
        };
        EmailTemplate: {
            name: string;
            /** @default null */
            description: string | null;
            /** @description Handlebars; sees the run variables plus subject, message and workflowName */
            subjectTemplate: string;
            /** @description Handlebars producing HTML; values are escaped */
            bodyTemplate: string;
            /**
             * @description Used by notification steps that name no template; setting it clears the previous default
             * @default false
             */
            isDefault: boolean;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        EmailTemplatePreview: {
            /** @description The subject line, unescaped and on one line */
            subject: string;
            /** @description The HTML body; values from the inputs are escaped */
            html: string;
        };
        DocumentTemplate: {
            name: string;
            /** @default null */
            description: string | null;
            /**
             * @description File name of the template, e.g. nda.docx
             * @default null
             */
            fileName: string | null;
            /** @default null */
            mimeType: string | null;
            /**
             * @description Names of the placeholders the document expects, filled from run variables
             * @default []
             */
            placeholders: string[];
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        DocumentTemplatePreview: {
            placeholders: {
                name: string;
                /** @description Absent when the variables hold nothing under that name */
                value?: unknown;
                filled: boolean;
            }[];
            /** @description The placeholders the variables leave unfilled */
            missing: string[];
        };
        ConfigurationDocument: {
            /** @enum {string} */
            version: "1";
            /** Format: date-time */
            exportedAt: string;
            exportedBy: string;
            description?: string;
            /** @description What the export left out or chose, in sentences; import ignores it */
            details?: string[];
            entities: {
                connectors?: {
                    name: string;
                    /** @description Handler name: http, delay, idp-admin, ... or a custom handler */
                    type: string;
                    /** @default  */
                    description: string;
                    version: string;
                    configSchema: {
                        commands: {
                            [key: string]: {
                                description?: string;
                                /** @description JSON Schema of the parameters */
                                parameters?: {
                                    [key: string]: unknown;
                                };
                                idempotent?: boolean;
                                syncCapable?: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    } & {
                        [key: string]: unknown;
                    };
                    /** @default true */
                    enabled: boolean;
                    /**
                     * @description Names of the secret settings the connector uses; their values are never exported
                     * @default []
                     */
                    secretKeys: string[];
                }[];
                projects?: {
                    name: string;
                    /** @default  */
                    description: string;
                    /** @default [] */
                    workflowSets: {
                        name: string;
                        /** @default  */
                        description: string;
                    }[];
                }[];
                emailTemplates?: {
                    name: string;
                    /** @default null */
                    description: string | null;
                    /** @description Handlebars; sees the run variables plus subject, message and workflowName */
                    subjectTemplate: string;
                    /** @description Handlebars producing HTML; values are escaped */
                    bodyTemplate: string;
                    /**
                     * @description Used by notification steps that name no template; setting it clears the previous default
                     * @default false
                     */
                    isDefault: boolean;
                }[];
                documentTemplates?: {
                    name: string;
                    /** @default null */
                    description: string | null;
                    /**
                     * @description File name of the template, e.g. nda.docx
                     * @default null
                     */
                    fileName: string | null;
                    /** @default null */
                    mimeType: string | null;
                    /**
                     * @description Names of the placeholders the document expects, filled from run variables
                     * @default []
                     */
                    placeholders: string[];
                }[];
                userGroups?: {
                    name: string;
                    /** @default null */
                    description: string | null;
                    /** @description Member emails; absent in an export by someone without user:read (nothing to add on import) */
                    members?: string[];
                }[];
                organizations?: {
                    name: string;
                    address?: string | null;
                    website?: string | null;
                    domain?: string | null;
                    /**
                     * @description Parent organization name
                     * @default null
                     */
                    parent: string | null;
                    /** @default [] */
                    contacts: components["schemas"]["OrganizationContact"][];
                    /** @description Members by email and role; absent in an export by someone without user:read (nothing to add on import) */
                    members?: {
                        /** Format: email */
                        email: string;
                        /** @enum {string} */
                        role: "member" | "signatory" | "approver";
                    }[];
                }[];
                entitlements?: {
                    name: string;
                    /** @default null */
                    description: string | null;
                    /** @description Connector name */
                    connector: string;
                    provisionConfig: components["schemas"]["ConnectorCall"];
                    deprovisionConfig: components["schemas"]["ConnectorCall"];
                    reconciliationConfig?: components["schemas"]["ReconciliationConfig"];
                }[];
                roles?: {
                    name: string;
                    /** @default null */
                    description: string | null;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status: "active" | "inactive";
                    /**
                     * @description Assignments expire this many days after the grant
                     * @default null
                     */
                    expiresAfterDays: number | null;
                    /**
                     * @description Entitlement names
                     * @default []
                     */
                    entitlements: string[];
                }[];
                workflows?: {
                    name: string;
                    /** @default  */
                    description: string;
                    /** @description Project name */
                    project?: string | null;
                    /** @description Workflow set name inside the project */
                    workflowSet?: string | null;
                    /**
                     * @default general
                     * @enum {string}
                     */
                    category: "user" | "group" | "project" | "general";
                    subjectVariable?: string | null;
                    /**
                     * @default {
                     *       "types": [
                     *         "manual"
                     *       ]
                     *     }
                     */
                    trigger: {
                        types: ("manual" | "scheduled" | "webhook")[];
                    };
                    /** @default [] */
                    variables: components["schemas"]["WorkflowVariable"][];
                    /** @default [] */
                    steps: components["schemas"]["Step"][];
                    /**
                     * @default stop
                     * @enum {string}
                     */
                    onError: "stop" | "skip" | "retry";
                    /** @default false */
                    debugLogging: boolean;
                    /**
                     * @description An active workflow is imported as active only if it passes strict validation
                     * @default draft
                     * @enum {string}
                     */
                    status: "draft" | "active" | "deprecated";
                }[];
                schedules?: {
                    /** @description Workflow name */
                    workflow: string;
                    /** @default null */
                    name: string | null;
                    cronExpression: string;
                    /** @default null */
                    timezone: string | null;
                    /** @default true */
                    enabled: boolean;
                    /** @default {} */
                    variables: {
                        [key: string]: unknown;
                    };
                }[];
            };
        };
        ConfigurationImportResult: {
            /** @enum {string} */
            status: "completed" | "completed_with_errors" | "failed";
            /** @description skipped counts the unchanged entries too */
            summary: {
                created: number;
                updated: number;
                skipped: number;
                errors: number;
            };
            details: {
                /** @enum {string} */
                entity: "connector" | "project" | "workflow_set" | "email_template" | "document_template" | "user_group" | "organization" | "entitlement" | "role" | "workflow" | "schedule";
                /** @description Workflow sets are <project>/<set>, schedules <workflow>/<name or cron expression> */
                name: string;
                /** @enum {string} */
                action: "created" | "updated" | "unchanged" | "skipped" | "error";
                error?: string;
                /** @description What was done differently from the document, and why */
                note?: string;
                /** @description Connector secrets the document names that this instance does not hold yet */
                secretKeysToSet?: string[];
                /** @description Updated entries: the fields that differ from what is stored; from and to for plain values and lists of names, never secrets */
                changes?: {
                    field: string;
                    from?: unknown;
                    to?: unknown;
                }[];
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description PostgreSQL and Temporal both answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description PostgreSQL or Temporal does not answer */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text exposition format 0.0.4 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No bearer token, or not METRICS_TOKEN */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Metrics are off: METRICS_TOKEN is not set */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuthConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Login configuration */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthConfig"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getCurrentUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The current user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    login: {
        parameters: {
            query?: {
                /** @description A path on this site to land on after sign-in (default /) */
                returnTo?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To the provider's authorization endpoint */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description returnTo is not a path on this site */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Web sign-in is not configured (development mode) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The identity provider cannot be reached */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    authCallback: {
        parameters: {
            query?: {
                code?: string;
                state?: string;
                error?: string;
                error_description?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in: to the returnTo path, with the svc_sid cookie. Also to / when the callback fails in a browser whose session is still live (Back after signing in) */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Malformed callback query */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Sign-in failed: bad, replayed or foreign state; refused code; ID token not accepted. A browser (Accept: text/html before JSON) gets a page with a "Sign in again" link, programs the JSON error */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Web sign-in is not configured (development mode) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The identity provider cannot be reached or did not answer in time */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed out (also when the session had already ended) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Logout"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Cross-site request (Origin is not this site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No browser sessions: an issuer without OIDC_CLIENT_ID accepts bearer tokens only */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    redeemSignInLink: {
        parameters: {
            query: {
                /** @description The one-time token of the link */
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Signed in: to the console (/), with the svc_sid cookie */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Not signed in, asked by a browser (Accept: text/html): to the console (/?signInLink=<unknown, used, expired, inactive or throttled>), which says what happened and how to get a new link */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No token in the link */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The link is unknown, used, expired, or its user is inactive */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An identity provider is configured: sign in through it */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Too many failed attempts from this address; Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Session info, in seconds */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionInfo"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The session has expired or is unknown */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller used a bearer token, or this instance has no sessions (issuer without client id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    extendSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated session info */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionInfo"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The session has expired, or the provider ended it (revoked refresh token) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Cross-site request (Origin is not this site) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller used a bearer token, or this instance has no sessions (issuer without client id) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The identity provider cannot be reached; the session is unchanged */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listApiTokens: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt" | "name" | "lastUsedAt";
                sortOrder?: "asc" | "desc";
                /** @description Every user's tokens (needs user:manage) */
                all?: "true" | "false";
                includeRevoked?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tokens, without secrets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ApiToken"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateApiToken"];
            };
        };
        responses: {
            /** @description The token; its raw value is shown only here */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedApiToken"];
                };
            };
            /** @description Invalid fields, or an expiresAt later than the creating token's */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing token:manage, or a permission the caller lacks */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller already has a token with this name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeApiToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The revoked token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiToken"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such token, or another user's without user:manage */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditLogs: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt" | "action";
                sortOrder?: "asc" | "desc";
                /** @description Id of the acting user or service client */
                actor?: string;
                /** @description Exact action name, e.g. organization.created */
                action?: string;
                targetType?: string;
                targetId?: string;
                /** @description Entries at or after this time */
                from?: string;
                /** @description Entries before this time */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit entries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditLog"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAuditSinks: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt" | "name";
                sortOrder?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of audit sinks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AuditSink"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAuditSink: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    kind: "syslog";
                    /** @default true */
                    enabled?: boolean;
                    /**
                     * @description Deliver entries sealed from now on (default), or the whole trail from its first entry
                     * @default now
                     * @enum {string}
                     */
                    startAt?: "now" | "beginning";
                    config: components["schemas"]["SyslogSinkConfig"];
                } | {
                    name: string;
                    /** @enum {string} */
                    kind: "https";
                    /** @default true */
                    enabled?: boolean;
                    /**
                     * @description Deliver entries sealed from now on (default), or the whole trail from its first entry
                     * @default now
                     * @enum {string}
                     */
                    startAt?: "now" | "beginning";
                    config: components["schemas"]["HttpsSinkConfig"];
                    /** @description The HMAC-SHA256 key of the batches; generated and shown once when absent */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description The sink */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedAuditSink"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An audit sink with this name exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAuditSink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sink */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditSink"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such audit sink */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteAuditSink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such audit sink */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateAuditSink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    enabled?: boolean;
                    /** @description The sink's whole config, of its kind */
                    config?: {
                        [key: string]: unknown;
                    };
                    /** @description A new HMAC secret (https sinks) */
                    secret?: string;
                };
            };
        };
        responses: {
            /** @description The sink */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuditSink"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such audit sink */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An audit sink with this name exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testAuditSink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether the sink accepted the event, and why not */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        delivered: boolean;
                        error: string | null;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such audit sink */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWorkflows: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "updatedAt" | "createdAt" | "name" | "version";
                sortOrder?: "asc" | "desc";
                status?: "draft" | "active" | "deprecated";
                category?: "user" | "group" | "project" | "general";
                /** @description Project name */
                project?: string;
                /** @description Workflow set name */
                workflowSet?: string;
                /** @description Case-insensitive match on name or description */
                search?: string;
                /** @description Only the versions created from this workflow (its next versions in the version chain) */
                sourceWorkflowId?: string;
                /** @description Every version of the workflow this one is a version of (its whole version chain, itself included) */
                versionsOf?: string;
                includeDeleted?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of workflow summaries */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["WorkflowSummary"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkflowDefinitionInput"];
            };
        };
        responses: {
            /** @description The new draft */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    validateWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Apply the publish-time rules */
                    strict?: boolean;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Findings */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationResult"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listStepTypes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The step types */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StepTypes"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    renderWorkflowFlowchart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    steps: ({
                        id: string;
                        name: string;
                        type: string;
                        /** @default [] */
                        transitions?: ({
                            on: string;
                            goto: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    } & {
                        [key: string]: unknown;
                    })[];
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Mermaid text */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description steps is missing, or a step has no id, name or type, or its transitions are not { on, goto } */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkflow: {
        parameters: {
            query?: {
                includeDeleted?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkflowDefinitionInput"];
            };
        };
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description A field left out (without If-Match), or a definition that is not valid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a draft, or changed by another request at the same time */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description If-Match names a revision that is not the stored one */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    patchWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WorkflowDefinitionPatch"];
            };
        };
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description The definition with these changes is not valid */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a draft, or changed by another request at the same time */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description If-Match names a revision that is not the stored one */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workflow is not deleted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    permanentlyDeleteWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workflow is not soft-deleted, or still has runs in progress or schedules */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    publishWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    deprecatePreviousVersionId?: string;
                };
            };
        };
        responses: {
            /** @description The published workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublishedWorkflow"];
                };
            };
            /** @description Strict validation failed, or deprecatePreviousVersionId names another workflow */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not a draft, or the version to deprecate is a draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deprecateWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The workflow that replaces this one, for the audit trail
                     */
                    replacedBy?: string;
                };
            };
        };
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Only active workflows can be deprecated */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revertWorkflowToDraft: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    confirmationName: string;
                };
            };
        };
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workflow is already a draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWorkflowVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clone */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        newWorkflow: components["schemas"]["Workflow"];
                        /** Format: uuid */
                        sourceWorkflowId: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Versions are created from published workflows only */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    moveWorkflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    project: string | null;
                    /** @default null */
                    workflowSet?: string | null;
                };
            };
        };
        responses: {
            /** @description The workflow */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workflow"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workflow was changed by another request at the same time */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    diffWorkflowVersions: {
        parameters: {
            query: {
                against: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A structured diff */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowDiff"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default {} */
                    variables?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The new run */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartedRun"];
                };
            };
            /** @description Deprecated workflow, or missing or invalid variables */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    issueWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The secret and the address to call */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        path: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkflowDocs: {
        parameters: {
            query?: {
                format?: "markdown" | "mermaid";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Markdown or Mermaid text */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/markdown": string;
                    "text/plain": string;
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRuns: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "startedAt" | "completedAt" | "status";
                sortOrder?: "asc" | "desc";
                status?: "pending" | "running" | "waiting" | "completed" | "failed" | "cancelled";
                definitionId?: string;
                startedBy?: string;
                /** @description Runs this user started or is the subject of (a subject variable holds a user id) */
                requester?: string;
                /** @description Runs started at or after this time */
                from?: string;
                /** @description Runs started before this time */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of run summaries (without steps) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RunSummary"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateRunVariables: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    variables: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The run is not pending, running or waiting */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listRunSteps: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Steps in execution order */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        runId: string;
                        steps: components["schemas"]["RunStepDetail"][];
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    diagnoseRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The diagnosis */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunDiagnosis"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    retryRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The run is not failed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    skipFailedStep: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The run is not failed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Run"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The run is finished */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startRunFromWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description A delivery repeated with its Idempotency-Key: the run the first one started */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The run */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartedRun"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong secret; nothing was started */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The person who issued the secret was deleted, deactivated or no longer holds workflow:start; nothing was started */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The Idempotency-Key was sent before with other variables; nothing was started */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Temporal or the database cannot be used right now; nothing was started, retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    listSchedules: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt" | "name";
                sortOrder?: "asc" | "desc";
                workflowId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of schedules */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Schedule"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The workflow to start; it must have the scheduled trigger
                     */
                    workflowId: string;
                    /** @default null */
                    name?: string | null;
                    /** @description Standard cron (minute hour day-of-month month day-of-week), also @daily, @hourly, @every 10m; firings at least SCHEDULE_MIN_INTERVAL_SECONDS (default 60) apart */
                    cronExpression: string;
                    /**
                     * @description IANA time zone; null means UTC
                     * @default null
                     */
                    timezone?: string | null;
                    /**
                     * @description false pauses the schedule
                     * @default true
                     */
                    enabled?: boolean;
                    /**
                     * @description Passed to every run
                     * @default {}
                     */
                    variables?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The schedule */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"];
                };
            };
            /** @description Bad cron or time zone, a schedule firing more often than the floor, or a workflow without the scheduled trigger */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The schedule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateSchedule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uuid
                     * @description The workflow to start; it must have the scheduled trigger
                     */
                    workflowId?: string;
                    name?: string | null;
                    /** @description Standard cron (minute hour day-of-month month day-of-week), also @daily, @hourly, @every 10m; firings at least SCHEDULE_MIN_INTERVAL_SECONDS (default 60) apart */
                    cronExpression?: string;
                    /** @description IANA time zone; null means UTC */
                    timezone?: string | null;
                    /** @description false pauses the schedule */
                    enabled?: boolean;
                    /** @description Passed to every run */
                    variables?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The schedule */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Schedule"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "email" | "createdAt" | "displayName";
                sortOrder?: "asc" | "desc";
                /** @description Exact email, case-insensitive */
                email?: string;
                role?: "admin" | "approver" | "resource_manager" | "requestor";
                /** @description Part of the email or display name */
                search?: string;
                includeDeleted?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of users */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["User"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                    displayName?: string;
                    /**
                     * @default [
                     *       "requestor"
                     *     ]
                     */
                    roles?: ("admin" | "approver" | "resource_manager" | "requestor")[];
                };
            };
        };
        responses: {
            /** @description The user */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another active user has the email */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: {
                includeDeleted?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The last admin */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUserRoles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    roles: ("admin" | "approver" | "resource_manager" | "requestor")[];
                };
            };
        };
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Would remove the last admin */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateUserProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    displayName?: string | null;
                    title?: string | null;
                    department?: string | null;
                    phoneNumber?: string | null;
                    location?: string | null;
                    employeeId?: string | null;
                    costCenter?: string | null;
                    /** Format: date */
                    startDate?: string | null;
                    /**
                     * Format: uuid
                     * @description An active user other than this one; null removes the manager
                     */
                    managerId?: string | null;
                    /** @description Custom attributes; null removes one */
                    custom?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Email taken, or not deleted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getUserNames: {
        parameters: {
            query: {
                /** @description Comma-separated user ids, at most 100 */
                ids: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The users found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["UserName"][];
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGroups: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "name" | "createdAt";
                sortOrder?: "asc" | "desc";
                /** @description Case-insensitive match on the name */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of groups */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Group"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description The group */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                };
            };
        };
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Still in use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGroupMembers: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt";
                sortOrder?: "asc" | "desc";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of members */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            userId: string;
                            /** @description null unless the caller holds user:read */
                            email: string | null;
                            displayName: string | null;
                            /** Format: date-time */
                            addedAt: string;
                        }[];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addGroupMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user is already a member */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeGroupMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The group */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Group"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listScimClients: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt" | "name" | "lastUsedAt";
                sortOrder?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of SCIM clients */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ScimClient"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createScimClient: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description The client and its token */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimClientWithToken"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A SCIM client with this name exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateScimClientToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The client and its new token */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimClientWithToken"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteScimClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation, with how many users and groups the client had provisioned */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                        /** @description Users it provisioned or linked; they stay */
                        users: number;
                        /** @description Groups it provisioned; they stay */
                        groups: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such SCIM client */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateScimClient: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description The client */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ScimClient"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listApprovals: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt";
                sortOrder?: "asc" | "desc";
                /** @description Default: pending */
                status?: "pending" | "approved" | "rejected" | "timed_out" | "cancelled";
                runId?: string;
                /** @description With approval:decide_any (admins): everyone's approvals, not just the caller's */
                all?: "true" | "false";
                /** @description Case-insensitive match on the step's name or the run's workflow name */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of approvals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Approval"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    decideApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "approve" | "reject";
                    comment?: string;
                };
            };
        };
        responses: {
            /** @description The approval with its decisions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Approval"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not an eligible approver, or deciding about oneself */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Already decided, or another request holds what the decision writes for longer than 1 s */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reassignApproval: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    from: string;
                    /** Format: uuid */
                    to: string;
                };
            };
        };
        responses: {
            /** @description The approval with its approvers now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        id: string;
                        /** Format: uuid */
                        runId: string;
                        sequence: number;
                        stepId: string;
                        stepName: string;
                        /** @enum {string} */
                        status: "pending" | "approved" | "rejected" | "timed_out" | "cancelled";
                        approverUserIds: string[];
                        approverRoles: string[];
                        /** @description Decisions needed to approve: 1 for any, all approvers for all */
                        requiredApprovals: number;
                        mode: string;
                        allowSelfApproval: boolean;
                        message: string | null;
                        /** Format: date-time */
                        dueAt: string | null;
                        /** Format: date-time */
                        decidedAt: string | null;
                        /** Format: date-time */
                        createdAt: string;
                    };
                };
            };
            /** @description from is not a listed approver, or to is not an active user who may decide it */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not pending, from has decided already, or to is an approver already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt";
                sortOrder?: "asc" | "desc";
                /** @description Default: open */
                status?: "open" | "completed" | "timed_out" | "cancelled";
                runId?: string;
                /** @description With task:complete_any (admins): everyone's tasks, not just the caller's */
                all?: "true" | "false";
                /** @description Case-insensitive match on the task's title or the run's workflow name */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of tasks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Task"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    completeTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default {} */
                    values?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The completed task */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not open, or another request holds what the completion writes for longer than 1 s */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    reassignTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    to: string;
                };
            };
        };
        responses: {
            /** @description The task with its new assignee */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Task"];
                };
            };
            /** @description to is not an active user */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The task is not open */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                /** @description true: only the unread ones */
                unread?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of notifications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Notification"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                        /** @description How many of the caller's notifications are unread */
                        unread: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    countUnreadNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The unread count */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many of the caller's notifications are unread */
                        unread: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markAllNotificationsRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many were unread */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        marked: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    markNotificationRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notification, read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Notification"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such notification among the caller's (another user's answers the same) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProjects: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "name" | "createdAt";
                sortOrder?: "asc" | "desc";
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of projects */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Project"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProject: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default  */
                    description?: string;
                    /** @default [] */
                    workflowSets?: {
                        name: string;
                        /** @default  */
                        description?: string;
                    }[];
                };
            };
        };
        responses: {
            /** @description The project */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProject: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project still holds workflows */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWorkflowSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default  */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The project */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project already has a workflow set with this name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateWorkflowSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                setId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The project already has a workflow set with this name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWorkflowSet: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                setId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workflow set still holds workflows */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setProjectMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @default member
                     * @enum {string}
                     */
                    role?: "owner" | "member";
                };
            };
        };
        responses: {
            /** @description The project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeProjectMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The project */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Project"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrganizations: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "name" | "createdAt" | "updatedAt";
                sortOrder?: "asc" | "desc";
                /** @description Case-insensitive match on name or domain */
                search?: string;
                includeDeleted?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of organizations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["OrganizationListItem"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Email domain: users created with an email in it become members */
                    domain?: string | null;
                    website?: string | null;
                    address?: string | null;
                    /** Format: uuid */
                    parentId?: string | null;
                    contacts?: components["schemas"]["OrganizationContact"][];
                };
            };
        };
        responses: {
            /** @description The organization with members and children */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid fields, or a parent that does not exist or is deleted */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description An active organization has the name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOrganization: {
        parameters: {
            query?: {
                includeDeleted?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization with members and children */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such organization (or deleted, unless asked for) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @description Email domain: users created with an email in it become members */
                    domain?: string | null;
                    website?: string | null;
                    address?: string | null;
                    /** Format: uuid */
                    parentId?: string | null;
                    contacts?: components["schemas"]["OrganizationContact"][];
                };
            };
        };
        responses: {
            /** @description The organization with members and children */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid fields, or a parent that does not exist or is deleted */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken by an active organization, or the parent would create a cycle */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    restoreOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization with members and children */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Not deleted, or an active organization has taken the name meanwhile */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    permanentlyDeleteOrganization: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The organization is not soft-deleted */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listOrganizationChildren: {
        parameters: {
            query?: {
                includeDeleted?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The children */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OrganizationChild"][];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addOrganizationMember: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    /** @enum {string} */
                    role: "member" | "signatory" | "approver";
                };
            };
        };
        responses: {
            /** @description The organization with members and children */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such organization or user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The user already holds that role there */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removeOrganizationMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
                role: "member" | "signatory" | "approver";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The organization with members and children */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such organization or role assignment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    changeOrganizationMemberRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
                role: "member" | "signatory" | "approver";
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description The new role
                     * @enum {string}
                     */
                    role: "member" | "signatory" | "approver";
                };
            };
        };
        responses: {
            /** @description The organization with members and children */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Organization"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such organization or role assignment */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The user already holds the new role there */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConnectors: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "name" | "createdAt" | "type";
                sortOrder?: "asc" | "desc";
                type?: string;
                enabled?: "true" | "false";
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of connectors */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Connector"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createConnector: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @description Handler name: http, delay, idp-admin, test-ldap, ... or a custom handler */
                    type: string;
                    description?: string;
                    version?: string;
                    /** @description Defaults to every command of the handler */
                    configSchema?: {
                        commands: {
                            [key: string]: {
                                description?: string;
                                /** @description JSON Schema of the parameters */
                                parameters?: {
                                    [key: string]: unknown;
                                };
                                idempotent?: boolean;
                                syncCapable?: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    } & {
                        [key: string]: unknown;
                    };
                    config?: {
                        [key: string]: unknown;
                    };
                    /** @description Secret settings (passwords, API keys, client secrets); write-only */
                    secrets?: {
                        [key: string]: unknown;
                    };
                    enabled?: boolean;
                    /** @enum {string} */
                    executionModel?: "built_in" | "custom";
                };
            };
        };
        responses: {
            /** @description The connector */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConnectorHandlers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Handlers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorHandler"][];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConnector: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The connector */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateConnector: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    description?: string;
                    version?: string;
                    /** @description Defaults to every command of the handler */
                    configSchema?: {
                        commands: {
                            [key: string]: {
                                description?: string;
                                /** @description JSON Schema of the parameters */
                                parameters?: {
                                    [key: string]: unknown;
                                };
                                idempotent?: boolean;
                                syncCapable?: boolean;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    } & {
                        [key: string]: unknown;
                    };
                    config?: {
                        [key: string]: unknown;
                    };
                    /** @description Secret settings to set; null removes one */
                    secrets?: {
                        [key: string]: unknown;
                    };
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description The connector */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Connector"];
                };
            };
            /** @description Invalid input, or a config naming a new http(s) origin without every stored secret sent again (details: origins, secrets) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another connector has this name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteConnector: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Still used by an active workflow, an entitlement or a business role */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    testConnector: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        latencyMs: number;
                        error?: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listConnectorResources: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "displayName" | "externalId" | "syncedAt" | "createdAt";
                sortOrder?: "asc" | "desc";
                /** @description user, group or role */
                resourceType?: string;
                /** @description Part of the external id, display name or email (any case) */
                search?: string;
                /** @description true: only stale records; false: only current ones */
                stale?: "true" | "false";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Synced records */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ConnectorResource"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSyncConfigs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sync configs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncConfig"][];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSyncConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Resource type: user, group, role; any other answers 404 */
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sync config */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncConfig"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector, unknown resource type, or no config of that type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    putSyncConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Resource type: user, group, role; any other answers 404 */
                type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncConfigInput"];
            };
        };
        responses: {
            /** @description The updated config */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncConfig"];
                };
            };
            /** @description The created config */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncConfig"];
                };
            };
            /** @description Invalid fields (every problem listed), an unknown postSyncWorkflowId, a connector without the list command of the type, or a user config with no filter rule that selects records and no syncAllUsers: true */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector or resource type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteSyncConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Resource type: user, group, role; any other answers 404 */
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector, unknown resource type, or no config of that type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSyncStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Resource type: user, group, role; any other answers 404 */
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncStatus"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector, unknown resource type, or no config of that type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    triggerSync: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Resource type: user, group, role; any other answers 404 */
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The outcome of the pass */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncTriggerResult"];
                };
            };
            /** @description The connector has no list command for the resource type */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector, unknown resource type, or no config of that type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A pass of this connector and resource type is already running */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewSync: {
        parameters: {
            query?: {
                /** @description How long the preview may take, 1 to 120 seconds (default 120) */
                timeLimitSeconds?: number;
            };
            header?: never;
            path: {
                id: string;
                /** @description Resource type: user, group, role; any other answers 404 */
                type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncConfigInput"];
            };
        };
        responses: {
            /** @description What the pass would do */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncPreview"];
                };
            };
            /** @description Invalid fields or query (every problem listed), a connector without the list command of the type, or a user config with no filter rule that selects records and no syncAllUsers: true */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing connector:manage or connector:read */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector or resource type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A pass of this connector and type is running, another preview of it is, or its records are being written */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    releaseHeldDeactivations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Resource type: user, group, role; any other answers 404 */
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many held users were deactivated and kept */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HeldDeactivationsReleased"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector, unknown resource type, or no config of that type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No deactivations are held */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    discardHeldDeactivations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                /** @description Resource type: user, group, role; any other answers 404 */
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many held deactivations were dropped */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["HeldDeactivationsDiscarded"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector, unknown resource type, or no config of that type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No deactivations are held */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listSyncMatches: {
        parameters: {
            query: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 2000 */
                pageSize?: number;
                sortBy?: "externalDisplayName" | "externalId" | "externalEmail" | "matchStatus" | "createdAt" | "updatedAt";
                sortOrder?: "asc" | "desc";
                /** @description Resource type: user, group, role; any other answers 404 */
                type: string;
                status?: "matched" | "unmatched" | "ambiguous" | "manual_override" | "skipped" | "create_pending";
                /** @description Part of the external id, email or display name (any case) */
                search?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sync matches */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["SyncMatch"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector or resource type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSyncMatchStats: {
        parameters: {
            query?: {
                /** @description Resource type: user, group, role; any other answers 404 */
                type?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Match counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncMatchStats"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector or resource type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkResolveSyncMatches: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncMatchBulkResolve"];
            };
        };
        responses: {
            /** @description How many matches changed, and the ids that were not found */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncMatchBulkResult"];
                };
            };
            /** @description Invalid body, link without userId, or a userId that is not an active user */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resolveSyncMatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                matchId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SyncMatchResolve"];
            };
        };
        responses: {
            /** @description The updated match */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncMatch"];
                };
            };
            /** @description Invalid body, link without userId, a userId that is not an active user, or create without an email */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector, or no match with this id on this connector */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description create: another active user already has the email of the record */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    unlinkSyncMatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                matchId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The updated match */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SyncMatch"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector, or no match with this id on this connector */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getConnectorReconciliation: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "displayName" | "externalId" | "email" | "syncedAt";
                sortOrder?: "asc" | "desc";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Both lists, one page of each, with their counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConnectorReconciliation"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector, or the connector has no user sync */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getRecordCacheStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cache status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: number;
                        hits: number;
                        misses: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    clearRecordCache: {
        parameters: {
            query?: {
                /** @description Only entries of this resource type */
                type?: "user" | "group" | "role";
                /** @description Only entries of this record's external id, or of this lookup key (canonical JSON of its parameters) */
                key?: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description How many entries were removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        removed: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The new secret */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        /** Format: date-time */
                        rotatedAt: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONNECTOR_SECRET_KEY is not set */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    receiveResourceEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                connectorId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ResourceEvent"];
            };
        };
        responses: {
            /** @description Applied, or already applied before */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        eventId: string;
                        alreadyApplied: boolean;
                        /** @description Reconciliation events: the reconciliation runs started */
                        runIds?: string[];
                    };
                };
            };
            /** @description Invalid event (unknown action, missing resourceId, data not an object or not a valid record), or a reconciliation workflow that cannot start through the webhook trigger */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or wrong signature, a timestamp outside the window, or no webhook secret set; nothing changed */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The person who last saved a matching entitlement was deleted, deactivated or no longer holds workflow:start, so its reconciliation run is not started; nothing changed */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown connector; for an event without resourceType, no entitlement of the connector has reconciliationConfig.resourceId equal to resourceId */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description CONNECTOR_SECRET_KEY is not set, so the webhook secret cannot be read */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEntitlements: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "name" | "createdAt";
                sortOrder?: "asc" | "desc";
                /** @description Case-insensitive match on the name */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of entitlements */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Entitlement"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createEntitlement: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    /** @description Connector name */
                    connector: string;
                    provisionConfig: components["schemas"]["ConnectorCall"];
                    deprovisionConfig: components["schemas"]["ConnectorCall"];
                    reconciliationConfig?: components["schemas"]["ReconciliationConfig"];
                };
            };
        };
        responses: {
            /** @description The entitlement */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Entitlement"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEntitlement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entitlement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Entitlement"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceEntitlement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    /** @description Connector name */
                    connector: string;
                    provisionConfig: components["schemas"]["ConnectorCall"];
                    deprovisionConfig: components["schemas"]["ConnectorCall"];
                    reconciliationConfig?: components["schemas"]["ReconciliationConfig"];
                };
            };
        };
        responses: {
            /** @description The entitlement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Entitlement"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteEntitlement: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Still in use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setEntitlementOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    ownerId: string | null;
                };
            };
        };
        responses: {
            /** @description The entitlement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Entitlement"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBusinessRoles: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "name" | "createdAt";
                sortOrder?: "asc" | "desc";
                /** @description Case-insensitive match on the name */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of business roles */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["BusinessRole"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createBusinessRole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status?: "active" | "inactive";
                    /**
                     * @description Assignments expire this many days after the grant
                     * @default null
                     */
                    expiresAfterDays?: number | null;
                    /**
                     * @description Entitlement names
                     * @default []
                     */
                    entitlements?: string[];
                };
            };
        };
        responses: {
            /** @description The business role */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BusinessRole"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBusinessRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The business role */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BusinessRole"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceBusinessRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status?: "active" | "inactive";
                    /**
                     * @description Assignments expire this many days after the grant
                     * @default null
                     */
                    expiresAfterDays?: number | null;
                    /**
                     * @description Entitlement names
                     * @default []
                     */
                    entitlements?: string[];
                };
            };
        };
        responses: {
            /** @description The business role */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BusinessRole"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteBusinessRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Still in use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setBusinessRoleOwner: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    ownerId: string | null;
                };
            };
        };
        responses: {
            /** @description The business role */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BusinessRole"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listBusinessRoleAssignments: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "grantedAt";
                sortOrder?: "asc" | "desc";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of assignments */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["RoleAssignment"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    assignBusinessRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    /**
                     * @default skip
                     * @enum {string}
                     */
                    onDuplicate?: "skip" | "error";
                };
            };
        };
        responses: {
            /** @description What happened, per entitlement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleChangeOutcome"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Already held (onDuplicate error), an inactive role, or another change of the user's roles under way (details.reason role_change_in_progress; try again) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    revokeBusinessRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What happened, per entitlement */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RoleChangeOutcome"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another change of the user's roles under way (details.reason role_change_in_progress; try again) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccessReviews: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt" | "name";
                sortOrder?: "asc" | "desc";
                status?: "draft" | "active" | "closing" | "closed" | "cancelled";
                /** @description Case-insensitive match on the name */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of campaigns */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccessReview"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createAccessReview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    scope: {
                        /**
                         * @description "all", or the names of the business roles whose holders are reviewed
                         * @default []
                         */
                        businessRoles?: "all" | string[];
                        /**
                         * @description "all", or the names of the entitlements whose holders are reviewed
                         * @default []
                         */
                        entitlements?: "all" | string[];
                        /**
                         * @description "all", or the names of the groups whose holders are reviewed
                         * @default []
                         */
                        groups?: "all" | string[];
                        /**
                         * @description "all", or the names of the organizations whose holders are reviewed
                         * @default []
                         */
                        organizations?: "all" | string[];
                        /**
                         * @description Accounts of these connectors' synced records that are linked to users
                         * @default []
                         */
                        connectorAccounts?: {
                            /** Format: uuid */
                            connectorId: string;
                            /** @default user */
                            resourceType?: string;
                        }[];
                        /**
                         * @description Narrows the people whose access is reviewed; every condition given must hold
                         * @default {
                         *       "organizationId": null,
                         *       "department": null,
                         *       "groupId": null,
                         *       "attribute": null
                         *     }
                         */
                        people?: {
                            /**
                             * Format: uuid
                             * @description Only members of this organization
                             * @default null
                             */
                            organizationId?: string | null;
                            /**
                             * @description Only people of this department
                             * @default null
                             */
                            department?: string | null;
                            /**
                             * Format: uuid
                             * @description Only members of this group
                             * @default null
                             */
                            groupId?: string | null;
                            /**
                             * @description Only people whose profile field or custom attribute `name` equals `value` (ignoring case)
                             * @default null
                             */
                            attribute?: {
                                name: string;
                                value: string;
                            } | null;
                        };
                    };
                    /** @description The first stage's reviewers */
                    reviewers: {
                        /**
                         * @description manager: the subject's manager; owner: the owner of the business role or entitlement; users: the people named in userIds; role_holders: the holders of the business role `role`
                         * @enum {string}
                         */
                        type: "manager" | "owner" | "users" | "role_holders";
                        /** @default [] */
                        userIds?: string[];
                        /**
                         * @description A business role name
                         * @default null
                         */
                        role?: string | null;
                        /**
                         * @description Who reviews an item when the chosen reviewer is missing or is its subject, the first that can
                         * @default []
                         */
                        fallbackUserIds?: string[];
                    };
                    /**
                     * @description Later stages in order, each seeing only what the one before kept; null for one stage
                     * @default null
                     */
                    stages?: {
                        reviewers: {
                            /**
                             * @description manager: the subject's manager; owner: the owner of the business role or entitlement; users: the people named in userIds; role_holders: the holders of the business role `role`
                             * @enum {string}
                             */
                            type: "manager" | "owner" | "users" | "role_holders";
                            /** @default [] */
                            userIds?: string[];
                            /**
                             * @description A business role name
                             * @default null
                             */
                            role?: string | null;
                            /**
                             * @description Who reviews an item when the chosen reviewer is missing or is its subject, the first that can
                             * @default []
                             */
                            fallbackUserIds?: string[];
                        };
                    }[] | null;
                    /** @default 14 */
                    dueInDays?: number;
                    /** @default null */
                    reminderEveryDays?: number | null;
                    /** @default null */
                    escalateAfterDays?: number | null;
                    /** @default [] */
                    escalateToUserIds?: string[];
                    /**
                     * @default keep
                     * @enum {string}
                     */
                    whenUnanswered?: "keep" | "revoke" | "escalate";
                    /** @default false */
                    requireCommentToKeep?: boolean;
                    /**
                     * @description Carry out revokes at the close without waiting
                     * @default true
                     */
                    autoRemediate?: boolean;
                    /**
                     * @description With whenUnanswered escalate: the days escalated items get before the campaign closes
                     * @default 3
                     */
                    unansweredGraceDays?: number;
                    /** @default null */
                    recurrence?: {
                        /** @description The same day of every n-th month from the start: 1, 2, 3, 4, 6 or 12 */
                        everyMonths: 1 | 2 | 3 | 4 | 6 | 12;
                    } | null;
                };
            };
        };
        responses: {
            /** @description The campaign with its progress */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReview"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listMyAccessReviewItems: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt";
                sortOrder?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of items */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccessReviewItem"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccessReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign with its progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReview"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceAccessReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    scope: {
                        /**
                         * @description "all", or the names of the business roles whose holders are reviewed
                         * @default []
                         */
                        businessRoles?: "all" | string[];
                        /**
                         * @description "all", or the names of the entitlements whose holders are reviewed
                         * @default []
                         */
                        entitlements?: "all" | string[];
                        /**
                         * @description "all", or the names of the groups whose holders are reviewed
                         * @default []
                         */
                        groups?: "all" | string[];
                        /**
                         * @description "all", or the names of the organizations whose holders are reviewed
                         * @default []
                         */
                        organizations?: "all" | string[];
                        /**
                         * @description Accounts of these connectors' synced records that are linked to users
                         * @default []
                         */
                        connectorAccounts?: {
                            /** Format: uuid */
                            connectorId: string;
                            /** @default user */
                            resourceType?: string;
                        }[];
                        /**
                         * @description Narrows the people whose access is reviewed; every condition given must hold
                         * @default {
                         *       "organizationId": null,
                         *       "department": null,
                         *       "groupId": null,
                         *       "attribute": null
                         *     }
                         */
                        people?: {
                            /**
                             * Format: uuid
                             * @description Only members of this organization
                             * @default null
                             */
                            organizationId?: string | null;
                            /**
                             * @description Only people of this department
                             * @default null
                             */
                            department?: string | null;
                            /**
                             * Format: uuid
                             * @description Only members of this group
                             * @default null
                             */
                            groupId?: string | null;
                            /**
                             * @description Only people whose profile field or custom attribute `name` equals `value` (ignoring case)
                             * @default null
                             */
                            attribute?: {
                                name: string;
                                value: string;
                            } | null;
                        };
                    };
                    /** @description The first stage's reviewers */
                    reviewers: {
                        /**
                         * @description manager: the subject's manager; owner: the owner of the business role or entitlement; users: the people named in userIds; role_holders: the holders of the business role `role`
                         * @enum {string}
                         */
                        type: "manager" | "owner" | "users" | "role_holders";
                        /** @default [] */
                        userIds?: string[];
                        /**
                         * @description A business role name
                         * @default null
                         */
                        role?: string | null;
                        /**
                         * @description Who reviews an item when the chosen reviewer is missing or is its subject, the first that can
                         * @default []
                         */
                        fallbackUserIds?: string[];
                    };
                    /**
                     * @description Later stages in order, each seeing only what the one before kept; null for one stage
                     * @default null
                     */
                    stages?: {
                        reviewers: {
                            /**
                             * @description manager: the subject's manager; owner: the owner of the business role or entitlement; users: the people named in userIds; role_holders: the holders of the business role `role`
                             * @enum {string}
                             */
                            type: "manager" | "owner" | "users" | "role_holders";
                            /** @default [] */
                            userIds?: string[];
                            /**
                             * @description A business role name
                             * @default null
                             */
                            role?: string | null;
                            /**
                             * @description Who reviews an item when the chosen reviewer is missing or is its subject, the first that can
                             * @default []
                             */
                            fallbackUserIds?: string[];
                        };
                    }[] | null;
                    /** @default 14 */
                    dueInDays?: number;
                    /** @default null */
                    reminderEveryDays?: number | null;
                    /** @default null */
                    escalateAfterDays?: number | null;
                    /** @default [] */
                    escalateToUserIds?: string[];
                    /**
                     * @default keep
                     * @enum {string}
                     */
                    whenUnanswered?: "keep" | "revoke" | "escalate";
                    /** @default false */
                    requireCommentToKeep?: boolean;
                    /**
                     * @description Carry out revokes at the close without waiting
                     * @default true
                     */
                    autoRemediate?: boolean;
                    /**
                     * @description With whenUnanswered escalate: the days escalated items get before the campaign closes
                     * @default 3
                     */
                    unansweredGraceDays?: number;
                    /** @default null */
                    recurrence?: {
                        /** @description The same day of every n-th month from the start: 1, 2, 3, 4, 6 or 12 */
                        everyMonths: 1 | 2 | 3 | 4 | 6 | 12;
                    } | null;
                };
            };
        };
        responses: {
            /** @description The campaign with its progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReview"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The campaign is no longer a draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    startAccessReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign with its progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReview"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The campaign is no longer a draft */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listAccessReviewItems: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "createdAt";
                sortOrder?: "asc" | "desc";
                reviewerId?: string;
                decision?: "keep" | "revoke" | "pending";
                stage?: number;
                /** @description The subject's user id */
                userId?: string;
                accessKind?: "business_role" | "entitlement" | "group" | "organization_role" | "connector_account";
                accessRef?: string;
                /** @description Only revokes whose removal stands so */
                remediation?: "awaiting_go" | "pending" | "remediated" | "failed";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of items */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["AccessReviewItem"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    bulkDecideAccessReviewItems: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "keep" | "revoke";
                    /**
                     * @description Required for revoke, and for keep when the campaign says so
                     * @default null
                     */
                    comment?: string | null;
                    itemIds: string[];
                };
            };
        };
        responses: {
            /** @description How many items were decided */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        decided: number;
                        /** @enum {string} */
                        decision: "keep" | "revoke";
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The campaign is not active, or the item is decided already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    decideAccessReviewItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    decision: "keep" | "revoke";
                    /**
                     * @description Required for revoke, and for keep when the campaign says so
                     * @default null
                     */
                    comment?: string | null;
                };
            };
        };
        responses: {
            /** @description The item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReviewItem"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The campaign is not active, or the item is decided already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    delegateAccessReviewItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                itemId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId?: string;
                    /**
                     * Format: email
                     * @description The delegate's email, for reviewers who may not look people up (no user:read)
                     */
                    email?: string;
                    /** @default null */
                    comment?: string | null;
                };
            };
        };
        responses: {
            /** @description The item */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReviewItem"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The campaign is not active, or the item is decided already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelAccessReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign with its progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReview"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The campaign is closing, closed or cancelled already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    closeAccessReview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign with its progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReview"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The campaign is a draft, closed or cancelled */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    approveAccessReviewRemovals: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The removals to carry out or retry; all that wait or failed when absent */
                    itemIds?: string[];
                };
            };
        };
        responses: {
            /** @description The campaign with its progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReview"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The campaign is not closing, or an item named has no removal waiting or failed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stopAccessReviewRecurrence: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The campaign with its progress */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccessReview"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The campaign does not recur */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getAccessReviewReport: {
        parameters: {
            query?: {
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string;
                    "text/csv": string;
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getWorkflowStats: {
        parameters: {
            query?: {
                /** @description Window start, inclusive */
                from?: string;
                /** @description Window end, exclusive */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkflowStatsReport"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getSlaCompliance: {
        parameters: {
            query?: {
                /** @description Window start, inclusive */
                from?: string;
                /** @description Window end, exclusive */
                to?: string;
                /** @description SLA of approvals and tasks without a due date, in hours (default 72, at most 87600) */
                defaultSlaHours?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SlaComplianceReport"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApproverPerformance: {
        parameters: {
            query?: {
                /** @description Window start, inclusive */
                from?: string;
                /** @description Window end, exclusive */
                to?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApproverPerformanceReport"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listEmailTemplates: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "name" | "createdAt";
                sortOrder?: "asc" | "desc";
                /** @description Case-insensitive match on the name */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of email templates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["EmailTemplate"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createEmailTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    /** @description Handlebars; sees the run variables plus subject, message and workflowName */
                    subjectTemplate: string;
                    /** @description Handlebars producing HTML; values are escaped */
                    bodyTemplate: string;
                    /**
                     * @description Used by notification steps that name no template; setting it clears the previous default
                     * @default false
                     */
                    isDefault?: boolean;
                };
            };
        };
        responses: {
            /** @description The email template */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailTemplate"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getEmailTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The email template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailTemplate"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceEmailTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    /** @description Handlebars; sees the run variables plus subject, message and workflowName */
                    subjectTemplate: string;
                    /** @description Handlebars producing HTML; values are escaped */
                    bodyTemplate: string;
                    /**
                     * @description Used by notification steps that name no template; setting it clears the previous default
                     * @default false
                     */
                    isDefault?: boolean;
                };
            };
        };
        responses: {
            /** @description The email template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailTemplate"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteEmailTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Still in use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewEmailTemplateDraft: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Sample run variables, as a run of the workflow would hold them
                     * @default {}
                     */
                    variables?: {
                        [key: string]: unknown;
                    };
                    /** @description The notification step's subject */
                    subject?: string;
                    /**
                     * @description The notification step's message
                     * @default
                     */
                    message?: string;
                    /**
                     * @description The name of the workflow sending it
                     * @default
                     */
                    workflowName?: string;
                    subjectTemplate: string;
                    bodyTemplate: string;
                };
            };
        };
        responses: {
            /** @description The rendered email */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailTemplatePreview"];
                };
            };
            /** @description Invalid inputs, or the template does not render with them (the reason says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewEmailTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Sample run variables, as a run of the workflow would hold them
                     * @default {}
                     */
                    variables?: {
                        [key: string]: unknown;
                    };
                    /** @description The notification step's subject */
                    subject?: string;
                    /**
                     * @description The notification step's message
                     * @default
                     */
                    message?: string;
                    /**
                     * @description The name of the workflow sending it
                     * @default
                     */
                    workflowName?: string;
                };
            };
        };
        responses: {
            /** @description The rendered email */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EmailTemplatePreview"];
                };
            };
            /** @description Invalid inputs, or the template does not render with them (the reason says why) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listDocumentTemplates: {
        parameters: {
            query?: {
                /** @description Page number, from 1 to 1000000 */
                page?: number;
                /** @description Items per page, at most 100 */
                pageSize?: number;
                sortBy?: "name" | "createdAt";
                sortOrder?: "asc" | "desc";
                /** @description Case-insensitive match on the name */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of document templates */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["DocumentTemplate"][];
                        total: number;
                        page: number;
                        pageSize: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDocumentTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    /**
                     * @description File name of the template, e.g. nda.docx
                     * @default null
                     */
                    fileName?: string | null;
                    /** @default null */
                    mimeType?: string | null;
                    /**
                     * @description Names of the placeholders the document expects, filled from run variables
                     * @default []
                     */
                    placeholders?: string[];
                };
            };
        };
        responses: {
            /** @description The document template */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentTemplate"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getDocumentTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The document template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentTemplate"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    replaceDocumentTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    /** @default null */
                    description?: string | null;
                    /**
                     * @description File name of the template, e.g. nda.docx
                     * @default null
                     */
                    fileName?: string | null;
                    /** @default null */
                    mimeType?: string | null;
                    /**
                     * @description Names of the placeholders the document expects, filled from run variables
                     * @default []
                     */
                    placeholders?: string[];
                };
            };
        };
        responses: {
            /** @description The document template */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentTemplate"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The name is taken */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteDocumentTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Still in use */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewDocumentTemplate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * @description Sample run variables; a placeholder `a.b` reads `b` inside the variable `a`
                     * @default {}
                     */
                    variables?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description The placeholders with their values */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DocumentTemplatePreview"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such resource */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportConfiguration: {
        parameters: {
            query?: {
                /** @description Comma-separated sections (default all): connectors, projects, emailTemplates, documentTemplates, userGroups, organizations, entitlements, roles, workflows, schedules */
                entities?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The configuration document (spec 2.13) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigurationDocument"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Several schedules of a workflow hold a schedule key (`details.keys`) that the document would name once */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    exportSelectedConfiguration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Names per section; schedules are named <workflow>/<schedule name or cron expression> */
                    entities: {
                        connectors?: string[];
                        projects?: string[];
                        emailTemplates?: string[];
                        documentTemplates?: string[];
                        userGroups?: string[];
                        organizations?: string[];
                        entitlements?: string[];
                        roles?: string[];
                        workflows?: string[];
                        schedules?: string[];
                    };
                    /**
                     * @description Add what the named entities refer to: workflows of schedules, projects of workflows, ...
                     * @default true
                     */
                    includeDependencies?: boolean;
                };
            };
        };
        responses: {
            /** @description The configuration document (spec 2.13) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigurationDocument"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller lacks the permission */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Several schedules of a workflow hold a schedule key (`details.keys`) that the document would name once */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    previewConfigurationImport: {
        parameters: {
            query?: {
                /** @description upsert: create new, update existing; create_only: existing ones are errors; skip_existing */
                strategy?: "upsert" | "create_only" | "skip_existing";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigurationDocument"];
            };
        };
        responses: {
            /** @description What was (or would be) done with each entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigurationImportResult"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing config:import, or a permission that writing the sections one by one needs (details.missing), such as connector:manage for connectors */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    importConfiguration: {
        parameters: {
            query?: {
                /** @description upsert: create new, update existing; create_only: existing ones are errors; skip_existing */
                strategy?: "upsert" | "create_only" | "skip_existing";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfigurationDocument"];
            };
        };
        responses: {
            /** @description What was (or would be) done with each entry */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConfigurationImportResult"];
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing or invalid credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing config:import, or a permission that writing the sections one by one needs (details.missing), such as connector:manage for connectors */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Another request changed the same records at the same time; reload them and try again */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over the size limit */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is not UTF-8 JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database or Temporal cannot be used right now, a read took longer than API_READ_TIMEOUT_MS, checking the credentials of a write took longer than API_WRITE_START_TIMEOUT_MS, or a write outlived the time budget of its transaction and was not saved; retry later */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiExplorer: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiExplorerScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JavaScript */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": string;
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getOpenApiDescription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getApiExplorerAsset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Invalid request: see the issues in details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such asset */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request line and headers exceed 16 KiB */
            431: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unexpected failure; the body gives only the request id to report */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
