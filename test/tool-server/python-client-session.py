"""A scripted session of the official Python MCP SDK against the Flowgate tool server.

Run by test/tool-server/python-client.test.ts with one JSON argument (the server's entry point,
the API address, tokens, the HTTP endpoint and the ids the test seeded); prints one JSON object
of what the client saw, which the test asserts on.
"""

import asyncio
import json
import sys

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.client.streamable_http import streamablehttp_client
from mcp.types import ElicitResult, Implementation, PromptReference, ResourceTemplateReference

CONFIG = json.loads(sys.argv[1])
CLIENT = Implementation(name="python-mcp-session", version="1.0")


def texts(result):
    return [block.text for block in result.content if block.type == "text"]


async def over_stdio(token, run, elicitation_callback=None):
    params = StdioServerParameters(
        command=CONFIG["node"],
        args=["--import", "tsx", CONFIG["entry"]],
        env={"PATH": CONFIG["path"], "SVC_API_URL": CONFIG["apiUrl"], "SVC_API_TOKEN": token},
        cwd=CONFIG["cwd"],
    )
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, client_info=CLIENT, elicitation_callback=elicitation_callback) as session:
            await session.initialize()
            return await run(session)


async def over_http(token, run):
    async with streamablehttp_client(CONFIG["httpUrl"], headers={"Authorization": f"Bearer {token}"}) as (
        read,
        write,
        _,
    ):
        async with ClientSession(read, write, client_info=CLIENT) as session:
            await session.initialize()
            return await run(session)


async def reader_session(session):
    """A read-only token: the tools it may use, and a hidden tool's answer."""
    tools = await session.list_tools()
    hidden = await session.call_tool("start_run", {"workflowId": CONFIG["draftId"]})
    return {"tools": sorted(tool.name for tool in tools.tools), "hidden": [hidden.isError, texts(hidden)]}


async def admin_http_session(session):
    """Compact lists with a cursor, the budgeted tool list, the export overview and confirm: true."""
    listed = await session.list_tools()
    first = await session.call_tool("list_connectors", {"search": "py-sized-", "pageSize": 2})
    names = [item["name"] for item in first.structuredContent["items"]]
    cursor = first.structuredContent.get("nextCursor")
    pages = 1
    while cursor:
        page = await session.call_tool("list_connectors", {"cursor": cursor})
        names += [item["name"] for item in page.structuredContent["items"]]
        cursor = page.structuredContent.get("nextCursor")
        pages += 1
    overview = await session.call_tool("export_config", {})
    described = await session.call_tool("publish_workflow", {"workflowId": CONFIG["draftId"]})
    published = await session.call_tool("publish_workflow", {"workflowId": CONFIG["draftId"], "confirm": True})
    return {
        "toolListBytes": len(json.dumps(listed.model_dump(mode="json", exclude_none=True), separators=(",", ":"))),
        "firstText": texts(first),
        "connectorNames": sorted(names),
        "pages": pages,
        "overview": texts(overview)[0],
        "described": [described.isError, texts(described)[0]],
        "published": [published.isError, published.structuredContent.get("status")],
    }


async def admin_stdio_session(session, asked):
    """Templates and completion, and confirmation by elicitation (declined, then accepted)."""
    templates = await session.list_resource_templates()
    by_prefix = await session.complete(
        ResourceTemplateReference(type="ref/resource", uri="workflow://{id}"),
        {"name": "id", "value": CONFIG["secondDraftId"][:8]},
    )
    by_prompt = await session.complete(
        PromptReference(type="ref/prompt", name="document-workflow"), {"name": "workflowId", "value": "Py draft"}
    )
    connectors = await session.complete(
        ResourceTemplateReference(type="ref/resource", uri="connector://{name}"), {"name": "name", "value": "py-sized"}
    )
    read = await session.read_resource(f"workflow://{CONFIG['secondDraftId']}")
    declined = await session.call_tool("publish_workflow", {"workflowId": CONFIG["secondDraftId"]})
    asked["answer"] = "accept"
    accepted = await session.call_tool("publish_workflow", {"workflowId": CONFIG["secondDraftId"]})
    return {
        "templates": sorted(template.uriTemplate for template in templates.resourceTemplates),
        "completedByPrefix": by_prefix.completion.values,
        "completedByName": by_prompt.completion.values,
        "completedConnectors": sorted(connectors.completion.values),
        "read": json.loads(read.contents[0].text)["name"],
        "declined": texts(declined)[0],
        "accepted": [accepted.isError, accepted.structuredContent.get("status")],
        "asked": asked["messages"],
    }


async def main():
    asked = {"answer": "decline", "messages": []}

    async def elicit(context, params):
        asked["messages"].append(params.message)
        if asked["answer"] == "accept":
            return ElicitResult(action="accept", content={"confirm": True})
        return ElicitResult(action="decline")

    result = {
        "readerStdio": await over_stdio(CONFIG["readerToken"], reader_session),
        "readerHttp": await over_http(CONFIG["readerToken"], reader_session),
        "adminHttp": await over_http(CONFIG["adminToken"], admin_http_session),
        "adminStdio": await over_stdio(
            CONFIG["adminToken"], lambda session: admin_stdio_session(session, asked), elicit
        ),
    }
    print(json.dumps(result))


asyncio.run(main())
