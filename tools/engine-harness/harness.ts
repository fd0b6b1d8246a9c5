/* eslint-disable -- Not part of the n8n package: eslint.tools.config.mjs lints this file (npm run lint). */
/**
 * Runs our nodes inside n8n-core's own engine: a small workflow holding the node is executed
 * by WorkflowExecute (declarative routing, expressions, continue-on-fail, error wrapping
 * are all n8n's). Load-options and credential tests use n8n-core's contexts the way n8n's
 * server does. Only credentials storage is ours (TestCredentialsHelper).
 */
import {
	CredentialTestContext,
	DirectoryLoader,
	ExecuteContext,
	ExecutionLifecycleHooks,
	LoadOptionsContext,
	PollContext,
	RoutingNode,
	TriggersAndPollers,
	WorkflowExecute,
} from 'n8n-core';
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestRequest,
	ICredentialType,
	IDataObject,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INode,
	INodeCredentialTestResult,
	INodeExecutionData,
	INodeListSearchResult,
	INodeParameters,
	INodePropertyOptions,
	INodeType,
	INodeTypes,
	IRun,
	IRunExecutionData,
	IVersionedNodeType,
	IWorkflowExecuteAdditionalData,
	ResourceMapperFields,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ICredentialsHelper, Workflow } from 'n8n-workflow';

import { CustomerCareApi } from '../../credentials/CustomerCareApi.credentials';
import { CustomerCare } from '../../nodes/CustomerCare/CustomerCare.node';
import { CustomerCareTrigger } from '../../nodes/CustomerCareTrigger/CustomerCareTrigger.node';
import { platformFromEnv, type FakePlatform, type FakePlatformKind } from '../fake-platform';

export const PACKAGE = 'n8n-nodes-customer-care';
export const ACTION_NODE_TYPE = `${PACKAGE}.customerCare`;
export const TRIGGER_NODE_TYPE = `${PACKAGE}.customerCareTrigger`;

const credentialTypes: Record<string, ICredentialType> = { customerCareApi: new CustomerCareApi() };

/**
 * Makes another credential type known to TestCredentialsHelper, so that its generic
 * `authenticate` is applied (e.g. n8n-nodes-base's httpBearerAuth for the benchmarks).
 */
export function registerCredentialType(type: ICredentialType) {
	credentialTypes[type.name] = type;
}

/** Our action node as n8n loads it: with the "Request Options" n8n adds to declarative nodes. */
function asLoadedByN8n(nodeType: INodeType): INodeType {
	DirectoryLoader.applyDeclarativeNodeOptionParameters(nodeType);
	return nodeType;
}

class TestNodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType | IVersionedNodeType> = {
		[ACTION_NODE_TYPE]: asLoadedByN8n(new CustomerCare()),
		[TRIGGER_NODE_TYPE]: new CustomerCareTrigger(),
	};

	/** Our node types are there from the start; others (a test node, n8n's HTTP Request) are added here. */
	register(name: string, type: INodeType | IVersionedNodeType) {
		this.types[name] = type;
	}

	getByName(name: string): INodeType | IVersionedNodeType {
		const type = this.types[name];
		if (!type) throw new Error(`Unknown node type ${name}`);
		return type;
	}

	getByNameAndVersion(name: string, version?: number): INodeType {
		const type = this.getByName(name);
		return 'nodeVersions' in type ? type.getNodeType(version) : type;
	}

	getKnownTypes() {
		return {};
	}
}

export const nodeTypes = new TestNodeTypes();

/** Resolves `{{$credentials.x}}` in a generic authenticate value, as n8n's CredentialsHelper does. */
function resolveCredentialExpression(value: unknown, credentials: ICredentialDataDecryptedObject): unknown {
	if (typeof value !== 'string' || !value.startsWith('=')) return value;
	return value
		.slice(1)
		.replace(/\{\{\s*\$credentials\.(\w+)\s*\}\}/g, (_, key: string) => String(credentials[key] ?? ''));
}

/** How often n8n asked for the decrypted credential, by type (n8n reads the database for each). */
const credentialReads = new Map<string, number>();

/** Times n8n read a credential of `type` since the last reset. */
export function credentialReadCount(type = 'customerCareApi'): number {
	return credentialReads.get(type) ?? 0;
}

export function resetCredentialReads() {
	credentialReads.clear();
}

/** Holds decrypted credentials in memory and applies the credential type's generic authenticate. */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly credentials: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const authenticate = credentialTypes[typeName]?.authenticate;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (authenticate?.type === 'generic') {
			for (const part of ['headers', 'qs', 'body'] as const) {
				const values = authenticate.properties[part] as IDataObject | undefined;
				if (!values) continue;
				const target = ((requestOptions[part] as IDataObject | undefined) ?? {}) as IDataObject;
				for (const [key, value] of Object.entries(values)) {
					target[key] = resolveCredentialExpression(value, credentials) as string;
				}
				(requestOptions as unknown as Record<string, IDataObject>)[part] = target;
			}
		}
		return requestOptions;
	}

	async preAuthentication(
		_helpers: IHttpRequestHelper,
		_credentials: ICredentialDataDecryptedObject,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	getCredentialsProperties() {
		return credentialTypes.customerCareApi.properties;
	}

	async getDecrypted(_additionalData: unknown, _nodeCredentials: unknown, type: string) {
		credentialReads.set(type, credentialReadCount(type) + 1);
		const data = this.credentials[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return data;
	}

	async getCredentials(): Promise<never> {
		throw new Error('not used in tests');
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	isCredentialUsableByNode(): boolean {
		return true;
	}
}

export interface Account {
	baseUrl: string;
	backupBaseUrl?: string;
	domain: string;
	apiToken: string;
	statusUrl?: string;
	maxRequestsPerSecond?: number;
	/** IANA zone of the platform's clock; empty: Asia/Ho_Chi_Minh. */
	timeZone?: string;
	/** How the platform's `Z` reads: `wallClock` (real platform) or `iso` (the spec). */
	timeConvention?: 'wallClock' | 'iso';
}

/**
 * Credentials pointing at a running fake platform (in this process or in its own), with the
 * Platform Clock of the platform it plays: the spec's `iso` against its spec mode.
 */
export function accountOf(
	platform: Pick<FakePlatform, 'baseUrl' | 'domain' | 'token' | 'statusUrl'> & { platform?: FakePlatformKind },
	overrides: Partial<Account> = {},
): Account {
	return {
		baseUrl: platform.baseUrl,
		domain: platform.domain,
		apiToken: platform.token,
		statusUrl: platform.statusUrl,
		maxRequestsPerSecond: 15,
		timeConvention: (platform.platform ?? platformFromEnv()) === 'spec' ? 'iso' : 'wallClock',
		...overrides,
	};
}

/** Credentials of other types than ours, by credential type name (e.g. `httpBearerAuth`). */
export type OtherCredentials = Record<string, ICredentialDataDecryptedObject>;

let executions = 0;

function additionalDataFor(
	account: Account,
	hooks?: ExecutionLifecycleHooks,
	otherCredentials: OtherCredentials = {},
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new TestCredentialsHelper({
			...otherCredentials,
			customerCareApi: { ...account } as ICredentialDataDecryptedObject,
		}),
		hooks,
		// Each execution its own id, as in n8n (what is shared between executions must not hang on it).
		executionId: String(++executions),
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		webhookBaseUrl: 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		userId: 'test-user',
	} as unknown as IWorkflowExecuteAdditionalData;
}

function nodeOf(
	parameters: INodeParameters,
	options: { continueOnFail?: boolean; type?: string; typeVersion?: number; otherCredentials?: OtherCredentials } = {},
): INode {
	const credentials: INode['credentials'] = { customerCareApi: { id: '1', name: 'Customer Care account' } };
	for (const type of Object.keys(options.otherCredentials ?? {})) credentials[type] = { id: type, name: type };
	return {
		id: 'node-under-test',
		name: 'Customer Care',
		type: options.type ?? ACTION_NODE_TYPE,
		typeVersion: options.typeVersion ?? 1,
		position: [0, 0],
		parameters,
		credentials,
		...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
	};
}

export interface NodeRun {
	/** The node's output items (also the error items when continuing on fail). */
	items: INodeExecutionData[];
	/** The execution error when the node failed the run. */
	error?: { message: string; description?: string | null; httpCode?: string | null; context?: IDataObject };
	run: IRun;
}

/** Executes the node once through WorkflowExecute with the given input items. */
export async function runNode(options: {
	parameters: INodeParameters;
	account: Account;
	input?: IDataObject[];
	continueOnFail?: boolean;
	mode?: WorkflowExecuteMode;
	/** Another registered node type than our action node (see `nodeTypes.register`), and its version. */
	type?: string;
	typeVersion?: number;
	/** Credentials of other types the node uses, besides ours. */
	otherCredentials?: OtherCredentials;
}): Promise<NodeRun> {
	const node = nodeOf(options.parameters, options);
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, nodeTypes, active: false });
	const hooks = new ExecutionLifecycleHooks('manual', 'test', {
		id: 'test',
		name: 'test',
		nodes: [node],
		connections: {},
		active: false,
		activeVersionId: null,
		isArchived: false,
		createdAt: new Date(),
		updatedAt: new Date(),
	} as never);
	let finished: (run: IRun) => void = () => {};
	const done = new Promise<IRun>((resolve) => (finished = resolve));
	hooks.addHandler('workflowExecuteAfter', (run) => finished(run));

	const input = (options.input ?? [{}]).map((json) => ({ json }));
	const runExecutionData = {
		startData: {},
		resultData: { runData: {} },
		executionData: {
			contextData: {},
			metadata: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [{ node, data: { main: [input] }, source: null }],
		},
	} as unknown as IRunExecutionData;

	const execute = new WorkflowExecute(
		additionalDataFor(options.account, hooks, options.otherCredentials),
		options.mode ?? 'manual',
		runExecutionData,
	);
	await execute.processRunExecutionData(workflow);
	const run = await done;
	const taskData = run.data.resultData.runData[node.name]?.[0];
	const items = taskData?.data?.main?.[0] ?? [];
	const error = run.data.resultData.error as NodeRun['error'];
	return { items, error, run };
}

/**
 * The node's items as n8n's RoutingNode returns them, before WorkflowExecute fills in a
 * `pairedItem` it can guess (it does when input and output counts match): what the node
 * itself pairs. WorkflowExecute runs a declarative node exactly this way.
 */
export async function runRoutingNode(options: {
	parameters: INodeParameters;
	account: Account;
	input: IDataObject[];
	continueOnFail?: boolean;
}): Promise<INodeExecutionData[]> {
	const node = nodeOf(options.parameters, options);
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, nodeTypes, active: false });
	const inputData = { main: [options.input.map((json) => ({ json }))] };
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor(options.account),
		'manual',
		{ resultData: { runData: {} } } as unknown as IRunExecutionData,
		0,
		inputData.main[0],
		inputData,
		{ node, data: inputData, source: null },
		[],
	);
	const output = await new RoutingNode(context, nodeTypes.getByNameAndVersion(node.type)).runNode();
	return output?.[0] ?? [];
}

/** The JSON of the output items. */
export function jsonOf(run: NodeRun): IDataObject[] {
	return run.items.map((item) => item.json);
}

/** Calls one of the node's load-options methods with n8n-core's LoadOptionsContext, as the editor does. */
export async function loadOptions(
	method: string,
	account: Account,
	parameters: INodeParameters,
	options: { type?: string; path?: string } = {},
): Promise<INodePropertyOptions[]> {
	const node = nodeOf(parameters, options);
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, nodeTypes, active: false });
	const additionalData = additionalDataFor(account);
	// The editor sends the parameters being edited and the path of the dropdown being filled.
	additionalData.currentNodeParameters = parameters;
	const context = new LoadOptionsContext(workflow, node, additionalData, options.path ?? 'parameters');
	const nodeType = nodeTypes.getByNameAndVersion(node.type);
	const loader = nodeType.methods?.loadOptions?.[method];
	if (!loader) throw new Error(`No load-options method ${method}`);
	return await loader.call(context);
}

/** Calls one of the node's resourceMapping methods (a resourceMapper's fields) as the editor does. */
export async function resourceMapperFields(
	method: string,
	account: Account,
	parameters: INodeParameters,
): Promise<ResourceMapperFields> {
	const node = nodeOf(parameters);
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, nodeTypes, active: false });
	const additionalData = additionalDataFor(account);
	additionalData.currentNodeParameters = parameters;
	const context = new LoadOptionsContext(workflow, node, additionalData, 'parameters');
	const mapper = nodeTypes.getByNameAndVersion(node.type).methods?.resourceMapping?.[method];
	if (!mapper) throw new Error(`No resourceMapping method ${method}`);
	return await mapper.call(context);
}

/**
 * Calls one of the node's list-search methods (a record picker's From List) with n8n-core's
 * LoadOptionsContext, as the editor does: the search text and the page token it got last.
 */
export async function listSearch(
	method: string,
	account: Account,
	parameters: INodeParameters,
	options: { filter?: string; paginationToken?: string; path?: string } = {},
): Promise<INodeListSearchResult> {
	const node = nodeOf(parameters);
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, nodeTypes, active: false });
	const additionalData = additionalDataFor(account);
	additionalData.currentNodeParameters = parameters;
	const context = new LoadOptionsContext(workflow, node, additionalData, options.path ?? 'parameters');
	const search = nodeTypes.getByNameAndVersion(node.type).methods?.listSearch?.[method];
	if (!search) throw new Error(`No list-search method ${method}`);
	return await search.call(context, options.filter, options.paginationToken);
}

/**
 * The credential test, found and run the way n8n's CredentialsTester does it
 * (packages/cli/src/services/credentials-tester.service.ts): the credential type's own `test`
 * first; else the first node that uses the credential with a `testedBy` naming one of its
 * `methods.credentialTest`, called on n8n-core's CredentialTestContext with the decrypted
 * credential; a `testedBy` request object runs like a `test` request.
 */
export async function testCredentials(account: Account): Promise<INodeCredentialTestResult> {
	const credentialType = credentialTypes.customerCareApi;
	const credentialsDecrypted = {
		id: '1',
		name: 'Customer Care account',
		type: credentialType.name,
		data: { ...account } as ICredentialDataDecryptedObject,
	};
	if (credentialType.test) return await runTestRequest(credentialType.test, account, credentialsDecrypted);
	for (const typeName of [ACTION_NODE_TYPE, TRIGGER_NODE_TYPE]) {
		const nodeType = nodeTypes.getByNameAndVersion(typeName);
		for (const { name, testedBy } of nodeType.description.credentials ?? []) {
			if (name !== credentialType.name || !testedBy) continue;
			if (typeof testedBy !== 'string') return await runTestRequest(testedBy, account, credentialsDecrypted);
			const test = nodeType.methods?.credentialTest?.[testedBy];
			if (!test) throw new Error(`${typeName} names credential test ${testedBy}, which it does not have`);
			const context = new CredentialTestContext(additionalDataFor(account) as never);
			return await test.call(context, credentialsDecrypted);
		}
	}
	return { status: 'Error', message: 'No testing function found for this credential.' };
}

/** A declarative test request: a temporary node whose only routing is the request, run by RoutingNode, then the rules. */
async function runTestRequest(
	testRequest: ICredentialTestRequest,
	account: Account,
	credentialsDecrypted: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	const credentialType = credentialTypes.customerCareApi;
	const nodeType: INodeType = {
		description: {
			displayName: 'Temp',
			name: 'credentialTest',
			group: ['transform'],
			version: 1,
			description: '',
			defaults: {},
			inputs: ['main'],
			outputs: ['main'],
			credentials: [{ name: credentialType.name, required: true }],
			properties: [
				{ displayName: 'Temp', name: 'temp', type: 'string', routing: { request: testRequest.request }, default: '' },
			],
		},
	};
	nodeTypes.register('test.credentialTest', nodeType);
	const node = nodeOf({}, { type: 'test.credentialTest' });
	const workflow = new Workflow({ id: 'test', nodes: [node], connections: {}, nodeTypes, active: false });
	const context = new ExecuteContext(
		workflow,
		node,
		additionalDataFor(account),
		'internal',
		{ resultData: { runData: {} } } as unknown as IRunExecutionData,
		0,
		[],
		{ main: [[{ json: {} }]] },
		{ node, data: {}, source: null },
		[],
	);
	try {
		await new RoutingNode(context, nodeType, credentialsDecrypted).runNode();
	} catch (error) {
		const status = (error as { cause?: { response?: { status?: number; statusText?: string } } }).cause?.response
			?.status;
		if (status !== undefined) {
			for (const rule of testRequest.rules ?? []) {
				if (rule.type === 'responseCode' && rule.properties.value === status) {
					return { status: 'Error', message: rule.properties.message };
				}
			}
			return { status: 'Error', message: `Received HTTP status code: ${status}` };
		}
		return { status: 'Error', message: String((error as Error).message) };
	}
	return { status: 'OK', message: 'Connection successful!' };
}

/**
 * A polling trigger as n8n runs it: a PollContext on a workflow that lives across polls,
 * `poll()` run by n8n-core's TriggersAndPollers. Static data is persisted the way n8n does
 * at the least: only after a poll that emitted items. `restart()` brings the workflow back
 * with what was persisted, as after an n8n restart.
 */
export class TriggerRun {
	private workflow!: Workflow;

	private readonly node: INode;

	/** The node's static data as last persisted. */
	persisted: IDataObject = {};

	/** The items the last poll emitted, binary data and all (`poll()` returns their JSON); [] after none. */
	lastItems: INodeExecutionData[] = [];

	/**
	 * What `getPollBudgetMs()` answers (n8n's durable scheduler sets it from its poll timeout);
	 * undefined: n8n-core's default (5 minutes); null: the method is missing, as in n8n before 2.40.
	 */
	pollBudgetMs?: number | null;

	/** `workflowId`: triggers of different workflows poll concurrently (one workflow's polls never overlap). */
	constructor(
		parameters: INodeParameters,
		private readonly account: Account,
		private readonly workflowId = 'trigger-test',
	) {
		this.node = { ...nodeOf(parameters, { type: TRIGGER_NODE_TYPE }), name: 'Customer Care Trigger' };
		this.restart();
	}

	restart() {
		this.workflow = new Workflow({
			id: this.workflowId,
			nodes: [this.node],
			connections: {},
			nodeTypes,
			active: true,
			staticData: JSON.parse(JSON.stringify(this.persisted)),
		});
	}

	/** The node's static data in memory now. */
	get state(): IDataObject {
		return this.workflow.getStaticData('node', this.node) as IDataObject;
	}

	/** One poll; returns the emitted items' JSON, or null when the poll emitted nothing. */
	async poll(mode: WorkflowExecuteMode = 'trigger'): Promise<IDataObject[] | null> {
		const budget = this.pollBudgetMs;
		const context = new PollContext(
			this.workflow,
			this.node,
			additionalDataFor(this.account),
			mode,
			'activate',
			undefined,
			undefined,
			undefined,
			undefined,
			undefined,
			typeof budget === 'number' ? () => budget : undefined,
		);
		if (budget === null) (context as { getPollBudgetMs?: unknown }).getPollBudgetMs = undefined;
		const result = await new TriggersAndPollers().runPollFunction(this.workflow, this.node, context);
		this.lastItems = result?.[0] ?? [];
		if (result === null) return null;
		if (mode !== 'manual') this.persisted = JSON.parse(JSON.stringify(this.workflow.staticData));
		return result[0].map((item) => item.json);
	}
}
